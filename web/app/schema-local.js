// The core's option table as api.optionSchema() returns it, kept here only
// for a module that does not offer optionSchema() yet. Same shape, same
// order, same ranges as cpp's option table; `null` stands for no limit.
// The preset row's choices are the module's preset names (filled in by
// options.js from api.presets()).
const NO_LIMIT = null;
const MAX_WHOLE = 9007199254740991;

const row = (key, kind, extra) => ({
  key, flag: `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, kind, choices: [], min: NO_LIMIT, max: NO_LIMIT,
  preset: false, ...extra,
});

export const LOCAL_SCHEMA = Object.freeze([
  row('preset', 'choice', { default: '', help: "a library's convention; other options given with it override it" }),
  row('k', 'whole', { min: 0, max: MAX_WHOLE, default: 0, help: 'cutoff K; 0 = the whole list' }),
  row('gainTable', 'reals', { default: [], preset: true, help: 'gains for grades 0, 1, 2, ... (implies gain table)' }),
  row('gain', 'choice', { choices: ['exp', 'linear', 'table'], default: 'exp', preset: true, help: 'exp (2^rel - 1), linear (rel) or table (gain_table)' }),
  row('logBase', 'real', { min: 1, default: 2, preset: true, help: 'discount log_B(i + 1)' }),
  row('weights', 'reals', { min: 0, default: [], help: 'weights of positions 1, 2, ... (weighted NDCG; others 1)' }),
  row('ideal', 'choice', { choices: ['list', 'judgments'], default: 'list', preset: true, help: 'ideal list from this ranking, or from all judgments (qrels)' }),
  row('idealCutToRetrieved', 'flag', { default: false, preset: true, help: 'ideal list no longer than the ranking (Elasticsearch)' }),
  row('ties', 'choice', { choices: ['input', 'trec', 'average'], default: 'input', preset: true, help: 'equal scores: input order, docid descending, or averaged' }),
  row('zeroIdcg', 'choice', { choices: ['zero', 'one', 'skip'], default: 'zero', preset: true, help: 'NDCG when IDCG = 0: 0, 1, or left out' }),
  row('negatives', 'choice', { choices: ['reject', 'zero', 'drop'], default: 'reject', preset: true, help: 'negative grades: an error, gain 0, or the item dropped' }),
  row('integerGrades', 'flag', { default: false, preset: true, help: 'grades that are not whole numbers are an error (LightGBM)' }),
  row('truncateGrades', 'flag', { default: false, preset: true, help: 'grades truncated to whole numbers (XGBoost)' }),
  row('float32Scores', 'flag', { default: false, preset: true, help: 'scores compared as 32-bit floats (XGBoost)' }),
  row('maxGrade', 'real', { min: 0, default: 0, preset: true, help: 'larger grades are an error; 0 = no limit' }),
  row('relevanceLevel', 'real', { default: 1, help: 'grade >= this is relevant for P, R, AP, RR' }),
  row('errMaxGrade', 'real', { min: 0, default: 0, preset: true, help: "ERR's largest grade; 0 = the largest seen" }),
  row('alpha', 'real', { min: 0, max: 1, default: 0.5, help: 'alpha-nDCG redundancy penalty' }),
  row('decimals', 'whole', { min: 0, max: 17, default: 3, help: 'rounding of printed terms (text, Markdown, LaTeX)' }),
].map(Object.freeze));
