// Writes web/ndcg-types.d.ts and web/ndcg.d.ts from the built module, as
// the build writes the step-row maker from stepFields(): the options from
// the core's option table (one member per row, its help as the comment, its
// kind as the JS types the API takes), the name unions from its tables
// (presets, measures), and every result type from what the calls return
// for a set of inputs that takes each branch of the core's field lists (a
// field some results lack is optional, one that is sometimes null is
// nullable). The calls, the error class and a few aliases are written by
// hand in web/types/ndcg-types.in. A new option, measure or result field
// needs no edit here or in any .d.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { INPUTS } from '../web/api/inputs.js';

// Results whose type has a name of its own, by where they are found.
const NAMED = {
  'Explanation.steps[]': 'Step', 'Explanation.idealSteps[]': 'Step', 'Explanation.reading': 'Reading',
  'Explanation.options': 'ResolvedOptions', 'Analysis.explanation': 'Explanation', 'Analysis.presets[]': 'PresetScore',
  'PresetScore.error': 'NdcgError', 'CompareResult.comparisons[]': 'Comparison', 'CompareResult.tieRanges[]': 'TieRangeSummary',
  'PresetInfo.options': 'ResolvedOptions',
};
// Objects whose names are data (qids, measures, an error's values): records.
const RECORDS = new Set(['TrecResult.perQuery', 'TrecResult.perQuery.*', 'TrecResult.mean', 'TrecResult.ci95', 'TrecResult.ciQueries', 'CompareResult.perQuery',
  'CompareResult.perQueryWorst', 'CompareResult.perQueryBest']);
// Where a name union says more than `string`.
const REFINED = {
  'Explanation.preset': 'PresetName', 'Analysis.matchingPreset': "PresetName | ''", 'PresetScore.name': 'PresetName',
  'PresetInfo.name': 'PresetName', 'TrecResult.notOffered[]': 'string',
  'Comparison.ci95': '[number, number] | [null, null]', 'TrecResult.ci95.*': '[number, number] | [null, null]', 'Comparison.interval': "'bootstrap' | 'withheld'", 'CompareResult.holmTest': "NonNullable<CompareOptions['holmTest']>",
  'Comparison.wilcoxon': "'exact' | 'normal'", 'Comparison.randomization': "'exact' | 'sampled'",
  // Undefined values the samples do not reach: Wilcoxon's normal approximation when every d is 0,
  // Holm's p of an undefined p, a run with no value for a query.
  'Comparison.pWilcoxon': 'number | null', 'Comparison.pHolm': 'number | null', 'CompareResult.perQuery.*[][]': 'number | null',
  'CompareResult.perQueryWorst.*[][]': 'number | null', 'CompareResult.perQueryBest.*[][]': 'number | null',
};
// Comments on the inputs among a call's options (web/api/inputs.js names them).
const INPUT_DOCS = {
  qrels: 'Judgments (qrels) for the ranking: the ideal list can come from them.',
  subtopics: 'Subtopic qrels (`qid subtopic docid judgment`) for alpha_ndcg_cut.',
  zscores: "trec_eval's -Z: lines `qid measure mean stddev`; values become z-scores named as trec_eval prints them (`Zmap`).",
  group: 'LETOR\'s group sizes, one per line (LightGBM .query, XGBoost .group), for lines without qid: (queries named 1, 2, ...).',
};
// Comments on result fields (the options' come from their rows' help).
const DOCS = {
  'Step.judged': 'False when judgments were given and hold none for this item (it counts as grade 0).',
  'Reading.note': 'In words: "ordered by score, grades from the judgments"; null when the format says it all.',
  'Reading.columns': 'A table\'s columns as read ("query,doc,score,rel").',
  'Reading.other': 'The columns option that reads the same text the other way ("doc,rel"), or null.',
  'Reading.query': 'The query read, when the input names one.',
  'Explanation.format': 'The input format that was detected (never null: every input is read as one).',
  'Explanation.preset': 'The preset given, else the one the options match; null when they match none.',
  'Explanation.tieRange': 'NDCG under the worst and the best order of items with equal scores (min = max when none tie).',
  'Explanation.unjudged': 'Items of the ranking without a judgment (with judgments only).',
  'Explanation.missed': 'Judged items with a gain above 0 that the ranking does not hold (with judgments only).',
  'Explanation.missedIds': 'Their ids, largest gain first (with judgments only).',
  'Explanation.inIdealOrder': 'True when the top K follows the ideal order gain by gain (not merely DCG = IDCG).',
  'Explanation.ndcgAt': 'NDCG@k for k = 1..n; null where IDCG@k = 0 under zeroIdcg \'skip\'.',
  'Explanation.loss': 'Per position, the ideal term minus the actual one: always a number.',
  'TrecResult.perQuery': 'pytrec_eval\'s shape; a text measure\'s value (relstring) is its text.',
  'TrecResult.mean': 'The "all" values (not relstring\'s, which has none); gm_map\'s is the geometric mean, runid\'s is null (see runId).',
  'TrecResult.runId': 'The tag of the run\'s last line, as trec_eval\'s runid line prints it.',
  'TrecResult.notOffered': 'Measures that `all_trec` named and that are not computed.',
  'TrecResult.ci95': 'With ci: a seeded bootstrap 95% interval of each mean over queries; [null, null] under 10 queries.',
  'TrecResult.ciQueries': 'With ci: the queries each interval rests on.',
  'TrecResult.summaryOnly': 'Measures with an "all" value only, in no row of perQuery (num_q, gm_map; with tieRange, NAME:ties).',
  'TrecResult.counts': 'Measures that count (num_q, num_ret, num_rel, num_rel_ret, ...): whole numbers, printed without decimals.',
  'TrecResult.notes': 'Readings taken and trec_eval\'s faults avoided, as `ndcg trec` says them on stderr.',
  'TrecResult.readings': 'How each input that is not plain TREC was read, as `ndcg trec` says on stderr.',
  'TrecResult.text': '`ndcg trec`\'s output: text, or JSON or CSV as `format` says; `noSummary`, `perQuery`, `digits` as its flags.',
  'Comparison.pHolm': 'Holm-adjusted p of the holmTest, when the measure has several pairs.',
  'Comparison.ci95': '[null, null] when withheld: fewer than 10 queries (see `interval`).',
  'Comparison.interval': '\'withheld\' below 10 queries, where a bootstrap interval covers the difference too rarely.',
  'TieRangeSummary.queriesChanged': 'Queries whose value differs between the worst and the best order.',
  'CompareResult.tieRanges': 'By measure, then run; empty with tieRange: false.',
  'CompareResult.perQuery': 'perQuery[measure][run][query], in the order of runs and qids.',
  'CompareResult.perQueryWorst': 'The same with tied documents in their worst order; null with tieRange: false.',
  'CompareResult.perQueryBest': 'The same with tied documents in their best order; null with tieRange: false.',
  'CompareResult.readings': 'How each input that is not plain TREC was read, as `ndcg compare` says on stderr.',
  'CompareResult.text': 'The report in options.format (text by default), byte for byte `ndcg compare --format`\'s.',
  'MeasureDescription.about': 'What it computes and its formula, in the words of its own file in the core.',
  'MeasureDescription.text': '`ndcg trec --help-measure NAME`\'s text; ties, unjudged, level, judgedOnly are \'\' where the rule does not apply.',
};

// ---- shapes: what the samples hold, merged ------------------------------------------------

const shape = () => ({ kinds: new Set(), fields: null, seen: 0, present: new Map(), element: null, values: null });

function observe(s, value, path) {
  if (value === null || value === undefined) return s.kinds.add('null');
  if (typeof value === 'function') return undefined;
  if (Array.isArray(value)) {
    s.kinds.add('array');
    s.element ??= shape();
    value.forEach((v) => observe(s.element, v, `${path}[]`));
    return undefined;
  }
  if (typeof value !== 'object') return s.kinds.add(typeof value);
  s.kinds.add('object');
  if (RECORDS.has(path)) {
    s.values ??= shape();
    for (const v of Object.values(value)) observe(s.values, v, `${path}.*`);
    return undefined;
  }
  s.fields ??= new Map();
  s.seen += 1;
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'function') continue;
    if (!s.fields.has(k)) s.fields.set(k, shape());
    s.present.set(k, (s.present.get(k) || 0) + 1);
    observe(s.fields.get(k), v, `${path}.${k}`);
  }
  return undefined;
}

// One shape holding what two were seen to hold (a type found in two places).
function mergeInto(into, s) {
  for (const k of s.kinds) into.kinds.add(k);
  into.seen += s.seen;
  if (s.element) mergeInto(into.element ??= shape(), s.element);
  if (s.values) mergeInto(into.values ??= shape(), s.values);
  for (const [k, v] of s.fields || []) {
    into.fields ??= new Map();
    if (!into.fields.has(k)) into.fields.set(k, shape());
    mergeInto(into.fields.get(k), v);
    into.present.set(k, (into.present.get(k) || 0) + s.present.get(k));
  }
}

// ---- writing types ---------------------------------------------------------------------------

const named = new Map();  // type name -> its shape and where it was found

function typeOf(s, path) {
  const nullable = s.kinds.has('null');
  let base;
  if (REFINED[path]) base = REFINED[path];
  else if (NAMED[path]) base = NAMED[path];
  else base = baseOf(s, path);
  const inner = NAMED[path];
  if (inner && inner !== 'NdcgError' && inner !== 'ResolvedOptions') {
    if (!named.has(inner)) named.set(inner, new Set());
    named.get(inner).add(s);  // a set: a shape written twice counts once
  }
  if (!base) return 'null';
  return nullable ? `${base.includes(' ') && !base.startsWith('{') ? `(${base})` : base} | null` : base;
}

function baseOf(s, path) {
  const parts = [];
  if (s.kinds.has('number')) parts.push('number');
  if (s.kinds.has('string')) parts.push('string');
  if (s.kinds.has('boolean')) parts.push('boolean');
  if (s.kinds.has('array')) {
    const element = s.element.kinds.size || REFINED[`${path}[]`] ? typeOf(s.element, `${path}[]`) : 'unknown';
    parts.push(/[ |]/.test(element) && !element.startsWith('{') ? `(${element})[]` : `${element}[]`);
  }
  if (s.kinds.has('object')) {
    if (s.values) parts.push(`Record<string, ${typeOf(s.values, `${path}.*`)}>`);
    else parts.push(`{ ${members(s, path).map((m) => m.text).join(' ')} }`);
  }
  return parts.join(' | ');
}

function members(s, path) {
  return [...s.fields].map(([k, field]) => {
    const optional = s.present.get(k) < s.seen ? '?' : '';
    return { name: k, doc: DOCS[`${path}.${k}`], text: `${k}${optional}: ${typeOf(field, `${path}.${k}`)};` };
  });
}

function interfaceOf(name, s) {
  const lines = members(s, name).map((m) => (m.doc ? `  /** ${m.doc} */\n  ${m.text}` : `  ${m.text}`));
  return `export interface ${name} {\n${lines.join('\n')}\n}\n`;
}

// ---- the options, from the rows -------------------------------------------------------------

const quoted = (names) => names.map((n) => `'${n}'`).join(' | ');

// What a call takes for a row (the API also takes any value as text, read as the CLI reads it).
function takenType(row) {
  if (row.key === 'preset') return 'PresetName';
  if (row.kind === 'choice') return quoted(row.choices);
  if (row.kind === 'reals') return 'number[] | Float64Array | string';
  if (row.kind === 'flag') return 'boolean | string';
  if (row.kind === 'texts') return row.key === 'measures' ? 'MeasureSpec[]' : 'string | string[]';
  return 'number | string';
}

// A value as an explanation reports it.
function resolvedType(row) {
  if (row.key === 'preset') return 'PresetName | null';
  if (row.kind === 'choice') return quoted(row.choices);
  if (row.kind === 'reals') return 'number[]';
  if (row.kind === 'flag') return 'boolean';
  if (row.kind === 'texts') return 'string';
  return 'number';
}

function optionsInterface(name, command, rows, note) {
  const lines = rows.map((r) => `  /** ${r.help.replace(/\*\//g, '* /')} */\n  ${r.key}?: ${takenType(r)};`);
  for (const input of INPUTS[command]) lines.push(`  /** ${INPUT_DOCS[input] || ''} An input, not an option. */\n  ${input}?: string | Uint8Array;`);
  return `// ${note}\nexport interface ${name} {\n${lines.join('\n')}\n}\n`;
}

function rowInterface(name, command, rows, optionsName) {
  const s = shape();
  rows.forEach((r) => observe(s, r, name));
  const inputs = INPUTS[command].map((k) => `'${k}'`).join(' | ');
  const kinds = quoted([...new Set(rows.map((r) => r.kind))].sort());
  const lines = members(s, name).map((m) => {
    if (m.name === 'key') return `  key: Exclude<keyof ${optionsName}, ${inputs}>;`;
    if (m.name === 'kind') return `  kind: ${kinds};`;
    return `  ${m.text}`;
  });
  return `/** One row of the option table as ${command === 'explain' ? 'explain' : `\`ndcg ${command}\``} takes it. */\nexport interface ${name} {\n${lines.join('\n')}\n}\n`;
}

// ---- the samples -----------------------------------------------------------------------------

const QRELS = 'q1 0 d1 1\nq1 0 d2 2\nq2 0 d1 1\nq3 0 d5 1\n';
const RUNS = ['q1 Q0 d1 1 2 r\nq1 Q0 d2 2 1 r\nq2 Q0 d1 1 2 r\nq3 Q0 d5 1 1 r\n',
  'q1 Q0 d2 1 2 r\nq1 Q0 d3 2 2 r\nq2 Q0 d4 1 2 r\nq3 Q0 d5 1 3 r\n',
  'q1 Q0 d3 1 2 r\nq1 Q0 d1 2 2 r\nq2 Q0 d1 1 1 r\nq3 Q0 d6 1 1 r\n'];

// Inputs that take every branch of the field lists: judgments, subtopics
// (alpha-NDCG), ids, an undefined NDCG, weights; runs as CSV (a reading),
// a cutoff read as another (a note), relstring (a text measure), ties.
function samples(api) {
  const explained = [
    ['3 2 0 1 0 0 2 1 0 0', { k: 10 }],
    ['a 0.9 2\nb 0.8 0\nc 0.8 1', { ties: 'average', qrels: 'q 0 a 2\nq 0 d 3' }],
    ['a 2\nb 1\nc 0', { alpha: 0.25, qrels: 'q 1 a 1\nq 2 a 1\nq 2 b 1\nq 3 c 0' }],
    ['0 0 0', { zeroIdcg: 'skip', weights: '2,1' }],
    ['3 2 1', { weights: '2,1' }],
    ['query,doc,score,rel\nq1,a,0.9,1\nq1,b,0.8,0\nq2,c,0.5,1', { query: 'q1' }],
  ];
  const csvRun = 'query_id,doc_id,score\nq1,d1,2\nq1,d2,1\nq2,d1,2\nq3,d5,1\n';
  const manyQrels = Array.from({ length: 10 }, (_, q) => `q${q} 0 d1 1\n`).join('');
  const manyRun = Array.from({ length: 10 }, (_, q) => `q${q} Q0 d${q % 2} 1 1 r\n`).join('');
  return {
    Explanation: explained.map(([input, o]) => api.explain(input, o)),
    // Above 20,000 items the presets are not compared (null).
    Analysis: [...explained.map(([input, o]) => api.analyse(input, o)), api.analyse(new Array(20001).fill(1))],
    TrecResult: [
      api.evaluateTrec(QRELS, RUNS[0], { measures: ['all_trec'] }),
      api.evaluateTrec(QRELS, csvRun, { measures: ['ndcg_cut.23.4', 'relstring.3', 'map'] }),
      // A query whose ideal DCG is 0 has no NDCG under zeroIdcg 'skip': null.
      api.evaluateTrec(`${QRELS}q4 0 d7 0\n`, `${RUNS[0]}q4 Q0 d7 1 1 r\n`, { measures: ['ndcg'], zeroIdcg: 'skip' }),
      // Intervals: withheld under 10 queries, given from 10 on.
      api.evaluateTrec(QRELS, RUNS[0], { measures: ['map', 'num_ret'], ci: true, trials: 100 }),
      api.evaluateTrec(manyQrels, manyRun, { measures: ['map'], ci: true, trials: 100 }),
    ],
    CompareResult: [
      api.compareRuns(QRELS, RUNS, { tieRange: true, allPairs: true, measures: ['map', 'P.1'], trials: 100 }),
      api.compareRuns(QRELS, [RUNS[0], csvRun], { trials: 100, tieRange: false }),
      api.compareRuns(QRELS, [RUNS[0], RUNS[0]], { trials: 100 }),  // every difference 0: no t-test, no d_z
    ],
    PresetInfo: api.presets(),
    MeasureDescription: [api.describeMeasure('ndcg_cut'), api.describeMeasure('runid')],
  };
}

// ---- the file ----------------------------------------------------------------------------------

// The measure families and nicknames, as `ndcg trec --help` lists them from
// the one list of families (the module's command, dist/ndcg-cli.js: the
// light and full modules carry no such list).
function measureTables(root) {
  const help = execFileSync(process.execPath, [join(root, 'bin', 'ndcg-calc.cjs'), 'trec', '--help'], { encoding: 'utf8' });
  const between = (from, to) => help.slice(help.indexOf(from), help.indexOf(to, help.indexOf(from)));
  const names = (text) => [...text.matchAll(/^ {2}([^\s.]+)/gm)].map((m) => m[1]);
  const tables = { names: names(between('\nMeasures (', '\nNicknames (')), nicknames: names(between('\nNicknames (', '\n\n')) };
  if (tables.names.length < 10 || tables.nicknames.length < 3) throw new Error('ndcg trec --help lists no measures');
  return tables;
}

function generated(api, root) {
  const tables = measureTables(root);
  const rows = { explain: api.optionSchema(), trec: api.trecOptionSchema(), compare: api.compareOptionSchema() };
  const out = [
    '// The names in the core\'s tables: presets() and the measure list (`ndcg trec --help`).',
    `export type PresetName = ${quoted(api.presets().map((p) => p.name))};`,
    `export type MeasureName = ${quoted(tables.names)};`,
    `export type MeasureNickname = ${quoted(tables.nicknames)};`,
    '/** A measure as `-m` takes it: a name, with parameters after a dot (\'ndcg_cut.5,10\', \'ndcg.1=1,2=3\'), or a nickname. */',
    'export type MeasureSpec = MeasureName | `${MeasureName}.${string}` | MeasureNickname;\n',
    optionsInterface('ExplainOptions', 'explain', rows.explain, 'One member per row of the option table that explain takes (optionSchema()). Every value may also be given as text, read as the CLI reads it.'),
    optionsInterface('TrecOptions', 'trec', rows.trec, 'One member per row that `ndcg trec` takes (trecOptionSchema()). Every value may also be given as text.'),
    optionsInterface('CompareOptions', 'compare', rows.compare, 'One member per row that `ndcg compare` takes (compareOptionSchema()). Every value may also be given as text.'),
    `/** Every option with its value, as an explanation reports them. */\nexport interface ResolvedOptions {\n${rows.explain.map((r) => `  ${r.key}: ${resolvedType(r)};`).join('\n')}\n}\n`,
    rowInterface('OptionRow', 'explain', rows.explain, 'ExplainOptions'),
    rowInterface('TrecOptionRow', 'trec', rows.trec, 'TrecOptions'),
    rowInterface('CompareOptionRow', 'compare', rows.compare, 'CompareOptions'),
  ];
  const roots = new Map();
  for (const [name, values] of Object.entries(samples(api))) {
    const s = shape();
    for (const v of values) observe(s, v, name);
    roots.set(name, s);
  }
  // Named types found inside others are written after them, once.
  const written = new Set();
  const pending = [...roots];
  while (pending.length) {
    const [name, s] = pending.shift();
    if (written.has(name)) continue;
    written.add(name);
    out.push(interfaceOf(name, s));
    for (const [inner, found] of named) {
      if (written.has(inner) || roots.has(inner)) continue;
      const merged = shape();
      for (const f of found) mergeInto(merged, f);
      pending.push([inner, merged]);
    }
  }
  return out.join('\n');
}

// require()'s declaration (export =) aliases every type on the factory.
function cjsTypes(names) {
  return `// Types of require('ndcg-calc') and require('./dist/ndcg.js'): the module
// sets module.exports to the factory, so the declaration is \`export =\`, and
// the named types travel on the factory's namespace. Written by
// scripts/build-types.mjs: one alias per type of ndcg-types.d.ts.
import type * as T from './ndcg-types';

declare function createNdcgModule(moduleArg?: object): Promise<T.NdcgApi>;
declare namespace createNdcgModule {
  const createNdcgModule: T.CreateNdcgModule;
  const NdcgError: typeof T.NdcgError;
${names.map((n) => `  type ${n} = T.${n};`).join('\n')}
}
export = createNdcgModule;
`;
}

/** Writes web/ndcg-types.d.ts and web/ndcg.d.ts for the module built at dist/ndcg.js. */
export async function buildTypes(root) {
  const require = createRequire(import.meta.url);
  const path = join(root, 'dist', 'ndcg.js');
  delete require.cache[path];
  const api = await require(path)();
  const head = readFileSync(join(root, 'web', 'types', 'ndcg-types.in'), 'utf8');
  const text = head.replace('/*@GENERATED@*/', generated(api, root).trimEnd());
  const names = [...new Set([...text.matchAll(/^export (?:interface|type|declare class) (\w+)/gm)].map((m) => m[1]))];
  writeFileSync(join(root, 'web', 'ndcg-types.d.ts'), text);
  writeFileSync(join(root, 'web', 'ndcg.d.ts'), cjsTypes(names));
  return names;
}
