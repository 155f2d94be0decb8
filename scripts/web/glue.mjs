// Emscripten's glue of a module (build/wasm/<name>.js) as its factory, for
// the build and the tests. MINIMAL_RUNTIME writes the factory as a bare
// `var ndcgCore = function …` with no module.exports, so the glue is run
// here as a script whose last value is that name (dist/ wraps it the same
// way, scripts/web/build-web.mjs).
import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';

export function glueFactory(path) {
  return runInThisContext(`(function () {\n${readFileSync(path, 'utf8')}\nreturn ndcgCore;\n})()`, { filename: path });
}
