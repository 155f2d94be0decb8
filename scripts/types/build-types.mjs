// Writes web/ndcg-types.d.ts and web/ndcg.d.ts from the built module, as
// the build writes the step-row maker from the step field list: the options from
// the core's option table (one member per row, its help as the comment, its
// kind as the JS types the API takes), the name unions from its tables
// (presets, measures), and every result type from the core's field lists
// (cpp/include/ndcg/result_fields.hpp: each field's type and doc; a field
// with a `when` is optional). What the calls return for a set of inputs
// that takes each branch of those lists is checked against them, so a field
// written but not listed, or listed with another type, fails the build. The
// calls, the error class and what a wrapper adds are written by hand in
// web/types/ndcg-types.in. A new option, measure or result field needs no
// edit here or in any .d.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { INPUTS } from '../../web/api/inputs.js';
import { camel, docOf, fieldLists, parseType, typeName } from './field-lists.mjs';

// Names the field lists use for types that are not lists of their own.
const OUTSIDE = { Options: 'ResolvedOptions', Error: 'NdcgError', Preset: 'PresetName', HolmTest: "NonNullable<CompareOptions['holmTest']>" };
const BASIC = { int: 'number', float: 'number', bool: 'boolean', str: 'string', null: 'null' };
// Comments on the inputs among a call's options (web/api/inputs.js names them).
const INPUT_DOCS = {
  qrels: 'Judgments (qrels) for the ranking: the ideal list can come from them.',
  subtopics: 'Subtopic qrels (`qid subtopic docid judgment`) for alpha_ndcg_cut.',
  zscores: "trec_eval's -Z: lines `qid measure mean stddev`; values become z-scores named as trec_eval prints them (`Zmap`).",
  group: 'LETOR\'s group sizes, one per line (LightGBM .query, XGBoost .group), for lines without qid: (queries named 1, 2, ...).',
};

// ---- results: the core's field lists (cpp/include/ndcg/result_fields.hpp) -------------------

const grouped = (t) => (/[ |]/.test(t) && !t.startsWith('[') ? `(${t})` : t);

function tsType(tree) {
  if (tree.union) return tree.union.map(tsType).join(' | ');
  if (tree.nullable) return `${tsType(tree.nullable)} | null`;
  if (tree.list) return `${grouped(tsType(tree.list))}[]`;
  if (tree.record) return `Record<string, ${tsType(tree.record)}>`;
  if (tree.pair) return `[${tree.pair.map(tsType).join(', ')}]`;
  if (tree.literal !== undefined) return `'${tree.literal}'`;
  return BASIC[tree.name] || OUTSIDE[tree.name] || tree.name;
}

function listInterface(list, fields) {
  const lines = fields.map((f) => `  /** ${docOf(f).replace(/\*\//g, '* /')} */\n`
    + `  ${camel(f.name)}${f.when ? '?' : ''}: ${tsType(parseType(f.type))};`);
  return `export interface ${typeName(list)} {\n${lines.join('\n')}\n}\n`;
}

// Does a value the module returned fit a type of the lists? Throws where it does not.
function check(value, tree, path, ctx) {
  const fits = (t) => {
    try {
      check(value, t, path, ctx);
      return true;
    } catch {
      return false;
    }
  };
  const fail = () => { throw new Error(`${path}: ${JSON.stringify(value)?.slice(0, 80)} is not ${tsType(tree)} (result_fields.hpp)`); };
  if (tree.union) return tree.union.some(fits) || fail();
  if (tree.nullable) return value === null || check(value, tree.nullable, path, ctx);
  if (tree.literal !== undefined) return value === tree.literal || fail();
  if (tree.list) return Array.isArray(value) ? value.forEach((v, i) => check(v, tree.list, `${path}[${i}]`, ctx)) : fail();
  if (tree.pair) return Array.isArray(value) && value.length === 2 ? tree.pair.forEach((t, i) => check(value[i], t, `${path}[${i}]`, ctx)) : fail();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = { int: 'number', float: 'number', bool: 'boolean', str: 'string', Preset: 'string', HolmTest: 'string' }[tree.name];
    if (tree.name === 'null' ? value !== null : typeof value !== kind) fail();
    if (tree.name === 'int' && !Number.isInteger(value)) fail();
    if (tree.name === 'Preset' && !ctx.presets.includes(value)) fail();
    return undefined;
  }
  if (tree.record) return Object.entries(value).forEach(([k, v]) => check(v, tree.record, `${path}.${k}`, ctx));
  if (tree.name === 'Options' || tree.name === 'Error') return undefined;
  const list = ctx.lists[Object.keys(ctx.lists).find((l) => typeName(l) === tree.name)] || fail();
  return checkFields(value, tree.name, list, path, ctx);
}

// Every field a result holds is in its list (or the wrapper's, typed by hand), and every field there
// without a `when` is in it.
function checkFields(value, name, list, path, ctx) {
  const byName = new Map(list.map((f) => [camel(f.name), f]));
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'function' || ctx.byHand(name).includes(k)) continue;
    if (!byName.has(k)) throw new Error(`${path}.${k}: not in ${name}'s field list (cpp/include/ndcg/result_fields.hpp)`);
    check(v, parseType(byName.get(k).type), `${path}.${k}`, ctx);
  }
  for (const [k, f] of byName) if (!f.when && !(k in value)) throw new Error(`${path}: no ${k}, which its field list says is always there`);
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

// A row's members as the rows hold them (a member some rows lack is optional).
function rowMembers(rows) {
  const kinds = new Map();
  for (const row of rows) {
    for (const [k, v] of Object.entries(row)) {
      if (!kinds.has(k)) kinds.set(k, new Set());
      kinds.get(k).add(v === null ? 'null' : Array.isArray(v) ? `${typeof (v[0] ?? '')}[]` : typeof v);
    }
  }
  const order = ['number', 'string', 'boolean', 'string[]', 'number[]', 'null'];
  return [...kinds].map(([k, set]) => ({
    name: k,
    text: `${k}${rows.every((r) => k in r) ? '' : '?'}: ${order.filter((o) => set.has(o)).join(' | ')};`,
  }));
}

function rowInterface(name, command, rows, optionsName) {
  const inputs = INPUTS[command].map((k) => `'${k}'`).join(' | ');
  const kinds = quoted([...new Set(rows.map((r) => r.kind))].sort());
  const lines = rowMembers(rows).map((m) => {
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
    InputKind: ['qid,docid,rel\n', '2 1:0.5\n', '0.5\n', '{"q": {"d": 1}}'].map((t) => api.inputKind(t)),
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

function generated(api, root, head) {
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
  const lists = fieldLists(root);
  const byHand = (name) => [...head.matchAll(new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`, 'g'))]
    .flatMap((m) => [...m[1].matchAll(/^\s+(\w+)\??[(:]/gm)].map((x) => x[1]));
  const ctx = { lists, byHand, presets: api.presets().map((p) => p.name) };
  for (const [name, values] of Object.entries(samples(api))) {
    values.forEach((v, i) => check(v, { name }, `${name} sample ${i + 1}`, ctx));
  }
  for (const [list, fields] of Object.entries(lists)) out.push(listInterface(list, fields));
  return out.join('\n');
}

// require()'s declaration (export =) aliases every type on the factory.
function cjsTypes(names) {
  return `// Types of require('ndcg-calc') and require('./dist/ndcg.js'): the module
// sets module.exports to the factory, so the declaration is \`export =\`, and
// the named types travel on the factory's namespace. Written by
// scripts/types/build-types.mjs: one alias per type of ndcg-types.d.ts.
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
  const text = head.replace('/*@GENERATED@*/', generated(api, root, head).trimEnd());
  const names = [...new Set([...text.matchAll(/^export (?:interface|type|declare class) (\w+)/gm)].map((m) => m[1]))];
  writeFileSync(join(root, 'web', 'ndcg-types.d.ts'), text);
  writeFileSync(join(root, 'web', 'ndcg.d.ts'), cjsTypes(names));
  return names;
}
