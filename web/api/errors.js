// Every error the API throws is made here: one table of codes and messages.

/** Codes an NdcgError can carry, with what each means. */
export const ERROR_CODES = Object.freeze({
  'bad-input': 'the text or grades could not be read or computed',
  'bad-option': 'an option has the wrong type or value',
  restarting: 'the module ran out of memory and is being recreated',
});

/** An Error with a code and, for input errors, the 1-based line and column. */
export class NdcgError extends Error {
  constructor(code, message, { line = 0, column = 0, source = '' } = {}) {
    if (!(code in ERROR_CODES)) throw new TypeError(`unknown error code ${code}`);
    super(message);
    this.name = 'NdcgError';
    this.code = code;
    this.line = line;
    this.column = column;
    this.source = source;
  }
}

const SOURCE_NAMES = { ranking: 'ranking', judgments: 'judgments', qrels: 'qrels', run: 'run', subtopics: 'subtopics' };

/** Turns a failed call's {message, line, column, source} into an NdcgError. */
export function inputError(failure) {
  const { message, line, column, source } = failure;
  const where = line ? `line ${line}, column ${column}: ` : '';
  const inWhat = SOURCE_NAMES[source] ? `${SOURCE_NAMES[source]}: ` : '';
  return new NdcgError('bad-input', `${inWhat}${where}${message}`, { line, column, source });
}

/** An option that failed validation in JS, before reaching the core. */
export function optionError(message) {
  return new NdcgError('bad-option', message);
}
