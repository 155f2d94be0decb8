// The page's logic without a browser: the compute step against the built
// module, options and hash keys from the schema, translations of every
// option and error code, and the length of every function of the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createNdcgModule, root } from './helpers.mjs';
import { compute } from '../../web/app/shared/compute.js';
import '../../web/app/full/batch/batch-compute.js';
// The full page's texts: batch mode's own error templates among them.
import '../../web/app/full/texts/batch-texts.js';
import { applyPreset, decodeHash, defaultState, encodeHash, LEGACY_KEYS, specOf } from '../../web/app/shared/state.js';
import { kebab, loadSchema, readOption } from '../../web/app/shared/option-rows.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STRINGS, addTexts, errorText, placeholders, t } from '../../web/app/shared/i18n.js';
import { check, functionLengths } from '../../scripts/check-lengths.mjs';
import { startedScripts, withSystemDark } from '../../scripts/web/build-page.mjs';
import { decoderOf } from '../../scripts/web/pack.mjs';

// Every table of texts: the shared one and each view's own (web/app/full/texts/).
const TEXTS = new URL('../../web/app/full/texts/', import.meta.url);
for (const file of readdirSync(TEXTS).filter((f) => f.endsWith('.js'))) await import(new URL(file, TEXTS));

const api = await createNdcgModule();
const spec = specOf(api);

const errorCodes = () => api.errorCodes();

test('compute gives the worked example: NDCG 0.9490301792919195 = 10.638930695573496 / 11.210318626022309', () => {
  const model = compute(api, spec, defaultState(spec));
  const e = model.analysis.explanation;
  assert.equal(model.error, null);
  assert.equal(e.ndcg, 0.9490301792919195);
  assert.equal(e.dcg, 10.638930695573496);
  assert.equal(e.idcg, 11.210318626022309);
  assert.deepEqual(e.idealSteps.map((s) => s.rel), [3, 2, 2, 1, 1]);
  assert.deepEqual(model.inputStatus, { format: 'grades', n: 10, reading: { note: null, columns: null, other: null, query: null } });
  assert.equal(model.matching, 'document');
  assert.equal(model.analysis.presets.find((p) => p.name === 'sklearn').ndcg.toFixed(4), '0.9334');
  // Export renders from the same result.
  assert.equal(JSON.parse(model.analysis.render('json')).dcg, 10.638930695573496);
});

test('compute reports errors as structured fields, never needing the message', () => {
  const state = defaultState(spec);
  const ranking = compute(api, spec, { ...state, text: '3 2\n1 x' }).error;
  assert.deepEqual([ranking.source, ranking.line, ranking.column], ['ranking', 2, 3]);
  const judgments = compute(api, spec, { ...state, text: 'd1 3\nd2 1', qrels: 'd1 3\nd2 x' }).error;
  assert.deepEqual([judgments.source, judgments.line, judgments.column], ['judgments', 2, 4]);
  // A list goes to the module as typed; the core's reader refuses it and names the option.
  const option = compute(api, spec, { ...state, gain: 'table', gainTable: '0,1,zwei' }).error;
  assert.deepEqual([option.code, option.source, option.key, option.args.found], ['not-a-number', 'options', 'gainTable', '0,1,zwei']);
  assert.equal(errorText('zh', option), '等级 0、1、2…… 的增益：应为数字，实际是“0,1,zwei”。');
  const empty = compute(api, spec, { ...state, weights: '1,,2' }).error;
  assert.deepEqual([empty.code, empty.key], ['empty-field', 'weights']);
  assert.equal(compute(api, spec, { ...state, text: '  ' }).notice, 'emptyInput');
});

test('batch mode evaluates with evaluateTrec', () => {
  const state = { ...defaultState(spec), mode: 'trec', text: 'q1 Q0 a 1 2 r\nq1 Q0 b 2 1 r', qrels: 'q1 0 b 1' };
  const model = compute(api, spec, state);
  assert.deepEqual(model.trec.qids, ['q1']);
  assert.equal(model.qrelsFormat.format, 'trec_qrels');
});

test('batch mode passes on every option its command takes: a gain table, ties, the preset', () => {
  const base = { ...applyPreset(spec, defaultState(spec), 'trec_eval'), mode: 'trec', measures: 'ndcg', text: 'q1 Q0 a 1 2 r\nq1 Q0 b 2 2 r\nq1 Q0 c 3 1 r', qrels: 'q1 0 b 2\nq1 0 c 1' };
  const ndcgOf = (state) => {
    const trec = compute(api, spec, state).trec;
    return trec.columns.ndcg[0];
  };
  const expected = (options) => api.evaluateTrec(base.qrels, base.text, { measures: ['ndcg'], perQuery: true, ...options }).perQuery.q1.ndcg;
  // Linear gains, ties towards the larger docno (trec_eval): b before a at score 2, c (grade 1) at rank 3 where the ideal has it at 2.
  assert.equal(ndcgOf(base), expected({ preset: 'trec_eval' }));
  assert.ok(Math.abs(ndcgOf(base) - (2 + 1 / 2) / (2 + 1 / Math.log2(3))) < 1e-12);
  // Gains 0, 1, 5 by table: (5 + 1/2) / (5 + 1/log2(3)) by hand, with b at rank 1 and c at rank 3.
  const table = ndcgOf({ ...base, gain: 'table', gainTable: '0,1,5' });
  assert.ok(Math.abs(table - (5 + 1 / 2) / (5 + 1 / Math.log2(3))) < 1e-12, String(table));
  assert.equal(compute(api, spec, { ...base, gain: 'table', gainTable: '0,1,5' }).matching, '');
  // Ties averaged over the order of a and b: no longer trec_eval's docno order.
  assert.equal(ndcgOf({ ...base, ties: 'average' }), expected({ preset: 'trec_eval', ties: 'average' }));
});

test('the schema in use has the contract shape; the preset row lists the module\'s presets', () => {
  const rows = loadSchema(api);
  for (const row of rows) {
    assert.ok(['choice', 'whole', 'real', 'reals', 'flag', 'text', 'texts'].includes(row.kind), row.key);
    assert.match(row.key, /^[a-z][A-Za-z0-9]*$/);
    for (const field of ['flag', 'choices', 'min', 'max', 'default', 'help', 'preset']) assert.ok(field in row, `${row.key}.${field}`);
  }
  assert.deepEqual(rows.find((r) => r.key === 'preset').choices, api.presets().map((p) => p.name));
  assert.equal(kebab('zeroIdcg'), 'zero-idcg');
  assert.equal(kebab('gainTable'), 'gain-table');
  assert.equal(kebab('logBase'), 'log-base');
});

test('decimals take 0 to 17 everywhere, as the API and the command line', () => {
  const row = spec.byKey.get('decimals');
  assert.equal(readOption(row, '17').value, 17);
  assert.equal(readOption(row, '18').error.code, 'out-of-range');
  assert.equal(decodeHash(spec, '#decimals=17').state.decimals, 17);
  assert.equal(compute(api, spec, { ...defaultState(spec), decimals: 17 }).error, null);
});

test('the hash uses the schema keys and still reads the short keys of older links', () => {
  const state = { ...defaultState(spec), logBase: 10, zeroIdcg: 'one', decimals: 5, complete: true, relevanceLevel: 2 };
  const hash = encodeHash(spec, state);
  assert.match(hash, /logBase=10/);
  assert.match(hash, /zeroIdcg=one/);
  assert.deepEqual(decodeHash(spec, hash).state, state);
  const old = '#grades=3,2,1&k=3&base=10&table=0,1,3&gain=table&zero=one&neg=drop&rel=2&errmax=3&d=5&c=1';
  const read = decodeHash(spec, old).state;
  assert.deepEqual([read.logBase, read.gainTable, read.zeroIdcg, read.negatives, read.relevanceLevel, read.errMaxGrade, read.decimals, read.complete],
    [10, '0,1,3', 'one', 'drop', 2, 3, 5, true]);
  for (const key of Object.values(LEGACY_KEYS)) assert.ok(spec.byKey.has(key), key);
});

test('every option of the schema has an English and a Chinese label, and every choice a name', () => {
  for (const row of loadSchema(api)) {
    for (const lang of ['en', 'zh']) {
      const entry = STRINGS[lang].option[row.key];
      assert.ok(entry && entry.label, `${lang}: no label for ${row.key}`);
      if (row.kind === 'choice' && row.key !== 'preset') {
        for (const c of row.choices) assert.ok(entry.choices && entry.choices[c], `${lang}: no name for ${row.key}=${c}`);
      }
    }
  }
});

test('every error code has an English and a Chinese template using exactly its args', () => {
  const codes = errorCodes();
  assert.ok(codes.length >= 25);
  for (const { code, args } of codes) {
    for (const lang of ['en', 'zh']) {
      const template = STRINGS[lang].errors[code];
      assert.ok(template, `${lang}: no template for ${code}`);
      assert.deepEqual(placeholders(template).sort(), [...args].sort(), `${lang}: ${code}`);
    }
  }
});

test('every text exists in English and in Chinese with the same placeholders', () => {
  const keys = (lang) => Object.keys(STRINGS[lang]).filter((k) => k !== 'option' && k !== 'errors').sort();
  for (const key of ['title', 'learn', 'abHeading', 'trecHeading', 'cmpVerdictHigher', 'exportHeading', 'embedHeading']) assert.ok(key in STRINGS.en, key);
  assert.deepEqual(keys('zh'), keys('en'));
  for (const key of keys('en')) {
    const [en, zh] = [STRINGS.en[key], STRINGS.zh[key]];
    assert.equal(typeof zh, typeof en, key);
    if (typeof en === 'string') assert.deepEqual(placeholders(zh).sort(), placeholders(en).sort(), key);
  }
});

test('a Chinese text the same as the English one is a name (a format, a measure), not English words', () => {
  // Names such as CSV, LaTeX, ERR{k} and TREC qrels stay as they are; a lowercase English word does not.
  const words = (text) => text.replace(/\{\w+\}/g, '').match(/\b[a-z]{3,}\b/g)?.filter((w) => w !== 'qrels') ?? [];
  for (const [key, en] of Object.entries(STRINGS.en)) {
    if (typeof en === 'string' && STRINGS.zh[key] === en) assert.deepEqual(words(en), [], key);
  }
});

test('a count of 1 takes the singular, any other count the plural, in every English text that counts', () => {
  assert.equal(t('en', 'lossShortHeading', { n: '1' }), 'Below the ideal order (1 position):');
  assert.equal(t('en', 'lossShortHeading', { n: '2' }), 'Below the ideal order (2 positions):');
  assert.equal(t('en', 'readAs', { format: 'a list of grades', n: '1' }), 'Read as a list of grades: 1 item.');
  assert.equal(t('en', 'readAs', { format: 'a list of grades', n: '1,000' }), 'Read as a list of grades: 1,000 items.');
  assert.equal(t('en', 'cmpNotEveryQuery', { winner: 'B', b: 'B', w: 1, l: 0, t: 11 }), 'That B is better on every query: B is higher on 1 query, lower on 0 and equal on 11.');
  assert.equal(t('zh', 'trecCount', { n: '1' }), t('zh', 'trecCount', { n: '1' }).replace(/\|/g, ''), 'no choice marks in Chinese');
  // Every English text: a choice names a placeholder the same text fills.
  for (const [key, text] of Object.entries(STRINGS.en)) {
    if (typeof text !== 'string') continue;
    for (const m of text.matchAll(/\{(\w+)\|[^|}]*\|[^}]*\}/g)) assert.ok(placeholders(text).includes(m[1]), `${key}: ${m[1]}`);
  }
});

test('a text defined in two tables is refused, and nothing of the second table is added', () => {
  assert.throws(() => addTexts({ en: { zzNew: 'x', title: 'again' }, zh: { zzNew: 'x', title: '再次' } }), /"title" \(en\) is defined twice/);
  assert.equal('zzNew' in STRINGS.en, false);
});

test('a template whose arg is missing falls back to the core\'s English message', () => {
  const err = { code: 'out-of-range', source: 'ranking', key: '', args: { found: '7' }, message: 'grade 7 is above the largest, 4' };
  assert.equal(errorText('zh', err), 'grade 7 is above the largest, 4');
  // A range open at one end runs to infinity, not to "no limit".
  assert.equal(errorText('en', { ...err, args: { found: '-7', min: '0', max: '' } }), '“-7” is outside the allowed range, 0 to ∞.');
  assert.equal(errorText('en', { ...err, args: { found: '7', min: '', max: '4' } }), '“7” is outside the allowed range, −∞ to 4.');
});

test('no function of the page is longer than 60 lines', () => {
  // The checker itself finds a long function.
  const long = `function big() {\n${'  x();\n'.repeat(60)}}\n`;
  assert.deepEqual(functionLengths(long).map((f) => [f.name, f.length]), [['big', 62]]);
  const { over } = check(60, 1, ['web']);
  assert.deepEqual(over.map((f) => `${f.file}:${f.line} ${f.name} (${f.length})`), []);
});

test('a file\'s lines are counted on its bytes as lineCount counts them in its text, at any offset and length', async () => {
  const { linesOf } = await import('../../web/app/full/batch/engine.js');
  const { lineCount } = await import('../../web/app/shared/summary.js');
  const pieces = ['\n', 'a', 'é', '\r\n', '\n\n', 'qid Q0 d 1 2 t\n', '\u{1F600}', ' '];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let round = 0; round < 300; round++) {
    let text = '';
    for (let i = next() % 40; i > 0; i--) text += pieces[next() % pieces.length];
    const data = new TextEncoder().encode(text);
    // At offsets 0 to 3 into its buffer: its words start anywhere.
    const offset = next() % 4;
    const view = new Uint8Array(data.length + offset).subarray(offset);
    view.set(data);
    assert.equal(linesOf({ data: view, text: null }), lineCount(new TextDecoder().decode(view)), JSON.stringify(text));
  }
  assert.equal(linesOf({ data: new Uint8Array(0), text: null }), 0);
  assert.equal(linesOf({ data: null, text: 'a\nb' }), 2);
});

test('exportOf keeps a Blob of the whole text (UTF-8), its line count and only its head', async () => {
  const { exportOf, headOf } = await import('../../web/app/full/batch/engine.js');
  const text = 'é1\nb2\nc3\nd4';
  const got = exportOf(text, 2);
  assert.equal(got.head, 'é1\nb2\n');
  assert.equal(got.lines, 4, 'a last line without a break counts');
  assert.equal(got.chars, 11);
  assert.equal(got.blob.size, 12, 'é is two bytes in UTF-8');
  assert.equal(await got.blob.text(), text);
  assert.equal(got.blob.type, 'text/plain');
  // A text of fewer lines than asked is its own head.
  assert.equal(headOf(text, 10), text);
  assert.equal(headOf('a\nb\n', 2), 'a\nb\n');
  assert.equal(headOf('', 3), '');
});

test('the engine reads a load\'s file as its request arrives, touches the memory the input will take, and warms up on made-up lines', async () => {
  const { madeUpRun, makeEngine } = await import('../../web/app/full/batch/engine.js');
  const api = await createNdcgModule();
  const qrels = 'q1 0 d1 2\nq1 0 d2 0\nq2 0 d1 1\n';
  const run = 'q1 Q0 d2 1 0.9 r\nq1 Q0 d1 2 0.8 r\nq2 Q0 d1 1 0.5 r\n';
  let reads = 0;
  // A read begins with the file's first two bytes (is it gzip?), asked for at once.
  const fileOf = (text, name) => {
    const file = new File([text], name);
    const slice = file.slice.bind(file);
    file.slice = (...range) => (reads++, slice(...range));
    return file;
  };
  const engine = makeEngine(() => api);
  const reserve = 48 * 2 ** 20;
  const runArgs = { slot: 'run', file: fileOf(run, 'a.run'), limit: 2 ** 20 };
  const qrelsArgs = { slot: 'qrels', file: fileOf(qrels, 'a.qrels'), limit: 2 ** 20, reserve };
  engine.arrive('load', runArgs, () => {});
  engine.arrive('load', qrelsArgs, () => {});
  assert.equal(reads, 2, 'both files are being read before either load runs');
  assert.equal((await engine.load(runArgs, () => {})).lines, 3);
  assert.equal((await engine.load(qrelsArgs, () => {})).lines, 3);
  assert.equal(reads, 2, 'a file read ahead is not read again');
  assert.ok(api.memoryBytes() >= reserve, `${api.memoryBytes()} bytes of memory after reserving ${reserve}`);
  const options = { measures: ['ndcg_cut.10', 'map'], perQuery: true };
  assert.deepEqual((await engine.evaluate({ options })).mean, api.evaluateTrec(qrels, run, options).mean);
  // The warm-up's made-up run is one the core reads: 500 queries, every one with a judged document.
  const made = madeUpRun();
  const warmed = api.evaluateTrec(made.qrels, made.run, { measures: ['ndcg_cut.10', 'num_rel'], perQuery: true });
  assert.equal(warmed.qids.length, 500);
  assert.equal(made.run.split('\n').length - 1, 10000);
  assert.ok(warmed.qids.every((q) => warmed.perQuery[q].num_rel > 0));
  assert.equal(await engine.warm({ options }), true);
  assert.equal(await engine.warm({ options: { measures: ['nope'] } }), true, 'a bad option is for the real run to report');
});

test('an error in a loaded input carries its offending line (excerpt), read from the bytes of the input it names', async () => {
  const { makeEngine } = await import('../../web/app/full/batch/engine.js');
  const api = await createNdcgModule();
  const engine = makeEngine(() => api);
  const load = (slot, text) => engine.load({ slot, file: new File([text], `${slot}.txt`), limit: 2 ** 20 }, () => {});
  const failure = (promise) => promise.then(() => assert.fail('no error'), (e) => e);
  await load('qrels', 'q1 0 d1 2\nq1 0 d2 0\n');
  // Line 3 of the run: "é" is two bytes, so the core's byte column 13 is the x (the 12th character).
  await load('run', 'q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 0.8 r\nq1 Q0 dé 3 x r\n');
  const run = await failure(engine.evaluate({ options: { measures: ['map'] } }));
  assert.deepEqual([run.source, run.line, run.column, run.excerpt], ['run', 3, 13, 'q1 Q0 dé 3 x r']);
  await load('qrels', 'q1 0 d1 2\r\nq1 0 d2 zz\r\n');
  const qrels = await failure(engine.evaluate({ options: { measures: ['map'] } }));
  assert.deepEqual([qrels.source, qrels.line, qrels.excerpt], ['qrels', 2, 'q1 0 d2 zz']);
  // Compare numbers its runs: the second run's line, not the first's.
  await load('qrels', 'q1 0 d1 2\n');
  await load('run', 'q1 Q0 d1 1 0.9 r\n');
  await load('runB', 'q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 y r\n');
  const second = await failure(engine.compare({ slots: ['run', 'runB'], options: {} }));
  assert.deepEqual([second.index, second.line, second.excerpt], [2, 2, 'q1 Q0 d2 2 y r']);
});

test('the embed page and the element carry no text of batch, compare, export or the embed dialog; the full page does', () => {
  const read = (name) => readFileSync(new URL(`../../${name}`, import.meta.url));
  const { unlzma } = decoderOf(root);
  // A page's text with the app it unpacks at run time.
  const dist = (name) => {
    const text = read(`dist/${name}`).toString('utf8');
    return [text, ...startedScripts(text, unlzma)].join('\n');
  };
  // One English text of each view's own table, as esbuild writes it into a bundle.
  const pageOnly = [STRINGS.en.trecHeading, STRINGS.en.cmpVerdictHigher, STRINGS.en.exportIntro, STRINGS.en.embedIntro, STRINGS.en.abFair, STRINGS.en.footer,
    STRINGS.en.optionHelp.ties, STRINGS.en.preset_gdeval, STRINGS.en.poolExplain, STRINGS.en.learn[0][0]];
  for (const text of pageOnly) {
    // As esbuild writes it: escaped in the element, as UTF-8 in the pages' packed apps.
    const escaped = JSON.stringify(text).slice(1, -1).replace(/[\u0080-\uffff]/g, (c) => {
      const code = c.charCodeAt(0).toString(16).toUpperCase();
      return code.length <= 2 ? `\\x${code}` : `\\u${code.padStart(4, '0')}`;
    });
    const holds = (file) => dist(file).includes(escaped) || dist(file).includes(JSON.stringify(text).slice(1, -1));
    for (const file of ['embed.html', 'ndcg-calc.js']) assert.equal(holds(file), false, `${file} holds "${text}"`);
    assert.ok(holds('index.html'), `index.html lacks "${text}"`);
  }
  // The texts they do show are there.
  for (const file of ['embed.html', 'ndcg-calc.js']) assert.ok(dist(file).includes(STRINGS.en.lossHeading), file);
  // So with the styles: the full page's own rules (styles-page.css) only in index.html.
  for (const rule of ['.embed-dialog{', '.pool-cards{', 'fieldset.mode{']) {
    for (const file of ['embed.html', 'ndcg-calc.js']) assert.equal(dist(file).includes(rule), false, `${file} holds ${rule}`);
    assert.ok(dist('index.html').includes(rule), `index.html lacks ${rule}`);
  }
  assert.ok(dist('embed.html').includes('.steps td{'), 'the embed page keeps the shared rules');
  // The pages' frame (styles-frame.css) is the pages' alone: the element draws in its own box.
  for (const file of ['embed.html', 'index.html']) assert.ok(dist(file).includes('.topbar{'), `${file} lacks the frame`);
  assert.equal(dist('ndcg-calc.js').includes('.topbar{'), false, 'the element holds the frame');
});

test('the embed page and the element take no module of web/app/full/: none of the batch engine, its runner or batch mode', async () => {
  const { build } = await import('esbuild');
  const graph = async (entry) => {
    const { metafile } = await build({ absWorkingDir: root, entryPoints: [entry], bundle: true, write: false, format: 'iife', metafile: true, logLevel: 'silent' });
    return Object.keys(metafile.inputs);
  };
  for (const entry of ['web/app/embed/embed-page.js', 'web/component/ndcg-calc.js']) {
    const inputs = await graph(entry);
    assert.ok(inputs.includes('web/app/shared/compute.js'), `${entry} computes`);
    assert.deepEqual(inputs.filter((f) => f.startsWith('web/app/full/')), [], entry);
  }
  assert.ok((await graph('web/app/full/main.js')).includes('web/app/full/batch/engine.js'), 'the full page carries the engine');
  // In the built files: the engine's file reader (gzip, its message for a damaged file) only in the full page.
  const { unlzma } = decoderOf(root);
  const app = (name) => {
    const text = readFileSync(join(root, 'dist', name), 'utf8');
    return name.endsWith('.html') ? startedScripts(text, unlzma).join('\n') : text;
  };
  for (const word of ['DecompressionStream', '(a damaged .gz?)']) {
    for (const file of ['embed.html', 'ndcg-calc.js']) assert.equal(app(file).includes(word), false, `${file} holds ${word}`);
    assert.ok(app('index.html').includes(word), `index.html lacks ${word}`);
  }
});

test('batch mode offers `ndcg trec --format` JSON and CSV only once the module has the row and answers in that format', async () => {
  const { trecFormats } = await import('../../web/app/full/full-handlers.js');
  const fake = (row, text) => ({
    trecOptionSchema: () => (row ? [{ key: 'format', choices: ['text', 'markdown', 'json', 'csv', 'latex'] }] : []),
    evaluateTrec: () => ({ text }),
  });
  assert.deepEqual(trecFormats(fake(false, '')), []);
  assert.deepEqual(trecFormats(fake(true, 'map                   \tall\t1.0000\n')), [], 'the row, but trec_eval text back');
  assert.deepEqual(trecFormats(fake(true, '{"q": {"map": 1}, "all": {"map": 1}}\n')), ['json', 'csv']);
  // The module built here: whatever it offers, the probe agrees with what evaluateTrec answers.
  const offered = trecFormats(api);
  const json = api.trecOptionSchema().some((r) => r.key === 'format') ? api.evaluateTrec('q 0 d 1\n', 'q Q0 d 1 1 r\n', { measures: ['map'], format: 'json' }).text : '';
  assert.equal(offered.includes('json'), json.trimStart().startsWith('{'));
});

test('the dark palette is written once in styles.css and given to the system\'s dark preference by the build', () => {
  const source = readFileSync(join(root, 'web', 'styles.css'), 'utf8');
  assert.equal(source.split('--bg: #101317;').length, 2, 'one dark palette in the source');
  const css = withSystemDark(source);
  const SYSTEM = '@media (prefers-color-scheme: dark) {\n:root:not([data-theme="light"]),\n:host(:not([theme="light"])) {';
  const TOGGLE = ':root[data-theme="dark"],\n:host([theme="dark"]) {';
  assert.ok(css.indexOf(SYSTEM) > 0 && css.indexOf(SYSTEM) < css.indexOf(TOGGLE), 'the system\'s rule comes first');
  // The declarations between a rule's selectors and its first closing brace.
  const declarations = (selectors) => css.slice(css.indexOf(selectors) + selectors.length, css.indexOf('}', css.indexOf(selectors)));
  assert.equal(declarations(SYSTEM), declarations(TOGGLE));
  assert.match(declarations(TOGGLE), /--accent: #8ab4f8;[\s\S]*color-scheme: dark;/);
  assert.match(withSystemDark(source.replace(/\n/g, '\r\n')), /@media \(prefers-color-scheme: dark\) \{\n:root:not\(\[data-theme="light"\]\),\n:host\(:not\(\[theme="light"\]\)\) \{\r\n  --bg: #101317;/);
  assert.throws(() => withSystemDark(':root { --bg: #fff; }'), /no dark palette rule/);
});
