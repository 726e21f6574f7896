/* global module */
// node-polyglot (react-admin's translator) requires `hasown`, which builds
// Object.prototype.hasOwnProperty.call with the `function-bind` polyfill of Function.prototype.bind:
// the same function with the browser's own bind, without the polyfill in every console's first
// download (issue 26, decision 420). admin/vite.config.ts points the package here.
module.exports = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
