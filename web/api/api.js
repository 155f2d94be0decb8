// The JS API over the wasm module: explain(), evaluateTrec() and friends.
// Every wrapper has one shape: validate → call → check → convert. The
// bindings copy results into JS-owned typed arrays, so nothing is freed here.
import { NdcgError, inputError, optionError } from './errors.js';
import { normaliseOptions } from './options.js';

function splitLines(text) {
  return text === '' ? [] : text.split('\n');
}

/** Rows of a step table from its columns, shaped as the CLI's JSON rows. */
function stepRows(columns) {
  const ids = splitLines(columns.ids);
  const rows = new Array(columns.rel.length);
  for (let i = 0; i < rows.length; i++) {
    rows[i] = {
      position: i + 1,
      id: columns.hasId[i] ? ids[i] : null,
      rel: columns.rel[i],
      gain: columns.gain[i],
      discount: columns.discount[i],
      weight: columns.weight[i],
      contribution: columns.contribution[i],
      cumulative: columns.cumulative[i],
    };
  }
  return rows;
}

function finiteOrNull(values) {
  return Array.from(values, (v) => (Number.isFinite(v) ? v : null));
}

function metricsOf(m) {
  const out = {
    precision: m.precision,
    recall: m.recall,
    average_precision: m.averagePrecision,
    reciprocal_rank: m.reciprocalRank,
    err: m.err,
  };
  if (m.hasAlpha) Object.assign(out, { alpha_dcg: m.alphaDcg, alpha_idcg: m.alphaIdcg, alpha_ndcg: m.alphaNdcg });
  return out;
}

/** The CLI's JSON fields from a successful explain call. */
function explanationOf(r, preset) {
  const o = r.options;
  const out = {
    format: r.format,
    preset: preset || r.matchingPreset || null,
    options: { gain: o.gain, log_base: o.logBase, k: o.k, ideal: o.ideal, ties: o.ties, zero_idcg: o.zeroIdcg, negatives: o.negatives },
    k: r.k,
    n: r.n,
    dcg: r.dcg,
    idcg: r.idcg,
    ndcg: r.ndcgDefined ? r.ndcg : null,
    cg: r.metrics.cg,
    has_judgments: r.hasJudgments,
  };
  if (r.hasJudgments) {
    Object.assign(out, { idcg_list: r.idcgList, ndcg_list: r.ndcgList, idcg_judged: r.idcgJudged, ndcg_judged: r.ndcgJudged });
  }
  out.metrics = metricsOf(r.metrics);
  out.steps = stepRows(r.steps);
  out.ideal_steps = stepRows(r.idealSteps);
  out.ndcg_at = finiteOrNull(r.ndcgAt);
  out.loss = Array.from(r.loss);
  return out;
}

function checkGrades(input) {
  for (let i = 0; i < input.length; i++) {
    if (typeof input[i] !== 'number') {
      throw new NdcgError('bad-input', `grades[${i}] is not a number: ${String(input[i]).slice(0, 40)}`);
    }
  }
  return input instanceof Float64Array ? input : Float64Array.from(input);
}

function checkText(name, value) {
  if (typeof value !== 'string') throw optionError(`${name} must be a string`);
  return value;
}

/** evaluateTrec's result keyed as trec_eval prints: perQuery[qid][name]. */
function trecResultOf(r) {
  const names = splitLines(r.names);
  const qids = splitLines(r.qids);
  const value = (v, m) => (Number.isFinite(v) ? v : null);
  const perQuery = {};
  qids.forEach((qid, q) => {
    const row = {};
    names.forEach((name, m) => {
      if (!r.summaryOnly[m]) row[name] = value(r.values[q * names.length + m], m);
    });
    perQuery[qid] = row;
  });
  const mean = {};
  names.forEach((name, m) => { mean[name] = value(r.mean[m], m); });
  return { measures: names, qids, perQuery, mean, numQ: r.numQ, text: r.text };
}

// evaluateTrec's options and the check each value must pass.
const TREC_CHECKS = {
  measures: [(v) => Array.isArray(v) && v.every((m) => typeof m === 'string'), 'an array of strings, e.g. ["ndcg_cut.10", "map"]'],
  complete: [(v) => typeof v === 'boolean', 'true or false'],
  perQuery: [(v) => typeof v === 'boolean', 'true or false'],
  relevanceLevel: [(v) => Number.isSafeInteger(v) && v >= 0, 'a whole number, 0 or more'],
  preset: [(v) => typeof v === 'string', 'a preset name'],
  gain: [(v) => v === 'exp' || v === 'linear', '"exp" or "linear"'],
  subtopics: [(v) => typeof v === 'string', 'subtopic qrels text'],
  alpha: [(v) => typeof v === 'number' && v >= 0 && v <= 1, 'a number from 0 to 1'],
  errMaxGrade: [(v) => typeof v === 'number' && Number.isFinite(v) && v >= 0, 'a finite number, 0 or more'],
  digits: [(v) => Number.isInteger(v) && v >= 0 && v <= 17, 'a whole number from 0 to 17'],
};

function checkTrecOptions(options = {}) {
  if (options === null || typeof options !== 'object') throw optionError('options must be an object');
  const out = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (!(key in TREC_CHECKS)) throw optionError(`unknown option "${key}" (known: ${Object.keys(TREC_CHECKS).join(', ')})`);
    const [ok, wanted] = TREC_CHECKS[key];
    if (!ok(value)) throw optionError(`option ${key} must be ${wanted}, got ${String(value).slice(0, 40)}`);
    out[key] = value;
  }
  return { ...out, measures: out.measures || [] };
}

/**
 * Builds the API over a raw module; `recreate` makes a fresh raw module
 * (used after a wasm abort such as running out of memory).
 * @param {object} raw the Embind module
 * @param {() => Promise<object>} recreate
 */
export function makeApi(raw, recreate) {
  let module = raw;
  let restarting = null;
  let presetMap = new Map(Array.from(module.presetList(), (p) => [p.name, p.options]));
  const presetInfo = Array.from(module.presetList(), (p) => ({ name: p.name, summary: p.summary, options: p.options }));

  // Runs one core call; a wasm abort leaves the instance unusable, so a new
  // one is made in the background and this call says so.
  function call(fn) {
    if (restarting) throw new NdcgError('restarting', 'the calculator is restarting after running out of memory; try again in a moment');
    try {
      return fn(module);
    } catch (e) {
      const aborted = e instanceof WebAssembly.RuntimeError || /Aborted|out of memory/i.test(String(e && e.message));
      if (!aborted) throw e;
      restarting = recreate().then((fresh) => { module = fresh; restarting = null; });
      throw new NdcgError('restarting', `the calculator ran out of memory (${e && e.message ? e.message : e}) and is restarting; try a smaller input`);
    }
  }

  function checked(result) {
    if (!result.ok) throw inputError(result);
    return result;
  }

  return {
    /**
     * Explains one ranking: pasted text in any format, or an array of grades.
     * @returns {object} the CLI's JSON fields (k, dcg, idcg, ndcg, steps, ideal_steps, …)
     */
    explain(input, options) {
      const o = normaliseOptions(options, presetMap);
      const r = call((m) => (typeof input === 'string'
        ? m.explainText(input, o.qrels, o.core)
        : m.explainGrades(checkGrades(Array.isArray(input) || ArrayBuffer.isView(input) ? input : checkText('input', input)), o.qrels, o.core)));
      return explanationOf(checked(r), o.preset);
    },

    /** The explanation as text, markdown, json, csv or latex (the CLI's output). */
    render(input, options, format = 'markdown') {
      const o = normaliseOptions(options, presetMap);
      const text = typeof input === 'string' ? input : Array.from(checkGrades(input)).join(' ');
      return checked(call((m) => m.renderReport(text, o.qrels, o.core, checkText('format', format), o.decimals, o.preset))).text;
    },

    /** trec_eval-compatible evaluation: { perQuery: {qid: {name: value}}, mean, measures, qids, text }. */
    evaluateTrec(qrelsText, runText, options) {
      const o = checkTrecOptions(options);
      const subtopics = o.subtopics === undefined ? '' : checkText('subtopics', o.subtopics);
      const r = call((m) => m.evaluateTrec(checkText('qrels', qrelsText), checkText('run', runText), subtopics, o));
      return trecResultOf(checked(r));
    },

    /** The named conventions: [{ name, summary, options }]. */
    presets() {
      return presetInfo.map((p) => ({ ...p, options: { ...p.options } }));
    },

    /** The preset whose convention the options match, or '' when none. */
    matchingPreset(options) {
      const o = normaliseOptions(options, presetMap);
      const r = call((m) => m.matchingPreset(o.core));
      if (typeof r !== 'string') throw inputError(r);
      return r;
    },

    /** The format name the parser would detect for `text`. */
    detectFormat(text) {
      return call((m) => m.detectFormat(checkText('text', text)));
    },

    /** Bytes of wasm memory in use by the instance (for leak checks). */
    memoryBytes() {
      return module.HEAP8.buffer.byteLength;
    },

    /** Resolves once a restart after an abort has finished. */
    ready() {
      return restarting || Promise.resolve();
    },
  };
}
