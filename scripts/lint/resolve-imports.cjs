// Import resolver for the linter's layer rule (eslint.config.js, docs/decisions/330-layers-enforced-by-the-linter.md).
// Our sources import TypeScript files by their compiled names (`./user.model.js` is user.model.ts),
// as TypeScript's "Bundler" resolution does; this finds the file behind each relative import so that
// eslint-plugin-boundaries knows which layer it lands in. Packages are left to Node's resolution.
// CommonJS: eslint-module-utils loads resolvers with require().
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

const isFile = (p) => {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
};

function candidates(abs) {
  const stem = abs.replace(/\.(m|c)?jsx?$/, '');
  return [abs, `${stem}.ts`, `${stem}.tsx`, `${abs}.ts`, `${abs}.tsx`, path.join(abs, 'index.ts'), path.join(abs, 'index.tsx')];
}

module.exports = {
  interfaceVersion: 2,
  resolve(source, file) {
    const clean = source.replace(/\?.*$/, '');
    if (clean.startsWith('.') || path.isAbsolute(clean)) {
      const found = candidates(path.resolve(path.dirname(file), clean)).find(isFile);
      return found ? { found: true, path: found } : { found: false };
    }
    try {
      return { found: true, path: createRequire(file).resolve(clean) };
    } catch {
      // A package whose exports have no require() entry: still a package, outside every layer.
      return { found: true, path: null };
    }
  },
};
