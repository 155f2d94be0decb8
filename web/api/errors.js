// Every error the API throws is an NdcgError: a code from the core's one
// table (errorCodes()), where it is (source, key, line, column), the values
// its message names (args), and an English message naming line and column.

let knownCodes = null;

/** Called once with the core's table: after that, only its codes are accepted. */
export function useErrorCodes(codes) {
  knownCodes = new Set(codes.map((c) => c.code));
}

/**
 * An Error with a code and, for input errors, the 1-based line and column;
 * its message starts with where (the core's placed()), its reason does not.
 */
export class NdcgError extends Error {
  constructor(code, message, { line = 0, column = 0, source = '', key = '', args = {}, index = 0, reason = message } = {}) {
    if (knownCodes && !knownCodes.has(code)) throw new TypeError(`unknown error code ${code}`);
    super(message);
    this.name = 'NdcgError';
    this.code = code;
    this.reason = reason;
    this.source = source;
    this.index = index;
    this.key = key;
    this.line = line;
    this.column = column;
    this.args = args;
  }
}

/**
 * Turns a failed call's fields (put_error in the core: code, message with
 * its place in front, source, key, index, line, column, args) into an NdcgError.
 */
export function coreError(failure) {
  const { code, message, line, column, source, key, args, index, reason } = failure;
  return new NdcgError(code, message, { line, column, source, key, args: { ...args }, index, reason });
}

/** An option the JS layer refuses before it reaches the core (a wrong JS type). */
export function optionError(key, expected, found) {
  const shown = String(found).slice(0, 40);
  const message = key ? `option ${key} must be ${expected}, got ${shown}` : `options must be ${expected}`;
  return new NdcgError('bad-type', message, { source: 'options', key, args: { expected } });
}
