/* global module */
// node-polyglot (react-admin's translator) requires the `object.entries` polyfill, which brings
// about 35 KB of es-abstract helpers (get-intrinsic, call-bind, object-keys...) into every console's
// first download; every browser the consoles support has Object.entries. admin/vite.config.ts
// points the package here (issue 26, decision 395).
module.exports = Object.entries;
