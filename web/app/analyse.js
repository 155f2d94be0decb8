// The one place the page asks the module for an explanation. A module with
// api.analyse() answers in one call per change; for an older module the
// same result is composed from the calls it has (explain, matchingPreset,
// one explain per preset, render), so the rest of the page sees one shape:
// { explanation, format, items, matchingPreset, unweightedNdcg, presets, render(format) }.
// Errors leave as plain structured objects: { code, source, key, line, column, args, message }.

/** Rankings longer than this are not recomputed under every preset. */
export const PRESET_COMPARE_LIMIT = 5000;
const UNWEIGHTED_LIMIT = 200000;

const camel = (name) => name.replace(/_([a-z0-9])/g, (m, c) => c.toUpperCase());
const camelKeys = (obj) => Object.fromEntries(Object.entries(obj).map(([k, v]) => [camel(k), v]));

/** An explanation with camelCase fields, whichever casing the module used. */
export function camelExplanation(r) {
  return { ...camelKeys(r), options: camelKeys(r.options || {}), metrics: camelKeys(r.metrics || {}) };
}

function quietly(fn, fallback) {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

const isWeighted = (e) => e.steps.some((x) => x.weight !== 1) || e.idealSteps.some((x) => x.weight !== 1);

function presetRow(api, input, options, name) {
  try {
    const r = api.explain(input, { preset: name, k: options.k, qrels: options.qrels, weights: options.weights });
    return { name, dcg: r.dcg, idcg: r.idcg, ndcg: r.ndcg };
  } catch (e) {
    return { name, dcg: null, idcg: null, ndcg: null, error: structuredError(e) };
  }
}

function composeAnalysis(api, input, options) {
  const explanation = camelExplanation(api.explain(input, options));
  const { qrels, ...convention } = options;
  const n = explanation.n;
  const unweighted = isWeighted(explanation) && n <= UNWEIGHTED_LIMIT
    ? quietly(() => api.explain(input, { ...options, weights: [] }).ndcg, null) : null;
  return {
    explanation,
    format: explanation.format,
    items: n,
    matchingPreset: quietly(() => api.matchingPreset(convention), ''),
    unweightedNdcg: unweighted,
    presets: n > PRESET_COMPARE_LIMIT ? null : api.presets().map(({ name }) => presetRow(api, input, options, name)),
    render: (format) => api.render(input, options, format),
  };
}

/** One analysis of `input` under `options` (see the file comment); throws a structured error. */
export function analyse(api, input, options) {
  try {
    if (typeof api.analyse !== 'function') return composeAnalysis(api, input, options);
    const result = api.analyse(input, options);
    return { ...result, explanation: camelExplanation(result.explanation) };
  } catch (e) {
    throw structuredError(e);
  }
}

function argsOf(args) {
  if (Array.isArray(args)) return Object.fromEntries(args.map((a) => [a.name, String(a.value)]));
  return args && typeof args === 'object' ? { ...args } : {};
}

// An older module prefixes "ranking: line 3, column 7: " to the message the
// core wrote and knows only three codes; the fields already say all that.
function coreMessage(e) {
  let message = String(e.message);
  for (const prefix of [`${e.source}: `, `line ${e.line}, column ${e.column}: `]) {
    if (message.startsWith(prefix)) message = message.slice(prefix.length);
  }
  return message;
}

function olderCode(e, message) {
  if (e.code !== 'bad-input' || e.args) return e.code;
  return message.startsWith('expected one query') ? 'several-queries' : e.code;
}

/**
 * A thrown module error as a plain structured error. Anything that is not
 * the module's error (a bug) is thrown on.
 */
export function structuredError(e) {
  if (e && !(e instanceof Error) && typeof e.code === 'string' && 'args' in e) return e;  // already plain
  if (!e || typeof e.code !== 'string') throw e;
  const message = coreMessage(e);
  const source = e.source || (e.code === 'bad-option' ? 'options' : '');
  return {
    code: olderCode(e, message), source, key: e.key || '', line: e.line || 0, column: e.column || 0, args: argsOf(e.args), message,
  };
}
