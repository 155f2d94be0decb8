// The one place the page asks the module for an explanation: api.analyse(),
// one call per change, which parses once and returns
// { explanation, items, matchingPreset, unweightedNdcg, presets, render(format) }.
// Errors leave as plain structured objects: { code, source, key, line, column, args, message }.

/** One analysis of `input` under `options`; throws a structured error. */
export function analyse(api, input, options) {
  try {
    // The input and options stay with the result: a large export is built
    // again from them in the worker (see full-handlers.js).
    return Object.assign(api.analyse(input, options), { input, options });
  } catch (e) {
    throw structuredError(e);
  }
}

/**
 * A thrown module error as a plain structured error. Anything that is not
 * the module's error (a bug) is thrown on.
 */
export function structuredError(e) {
  if (e && !(e instanceof Error) && typeof e.code === 'string' && 'args' in e) return e;  // already plain
  if (!e || typeof e.code !== 'string') throw e;
  return {
    code: e.code, source: e.source || '', key: e.key || '', index: e.index || 0, line: e.line || 0, column: e.column || 0, args: { ...(e.args || {}) },
    // Where it is, the page says from the fields in its own language; the offending line of a file, from the engine (engine.js).
    message: String(e.reason ?? e.message), excerpt: e.excerpt,
  };
}
