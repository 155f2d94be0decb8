// The JS API of dist/ndcg.js against the native command and hand-made values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WORKED, camelKeys, cli, createNdcgModule, parity, readParity } from './helpers.mjs';

const api = await createNdcgModule();

test('require() gives a factory that resolves to the API, also as .createNdcgModule', async () => {
  assert.equal(typeof createNdcgModule, 'function');
  assert.equal(createNdcgModule.createNdcgModule, createNdcgModule);
  for (const name of ['explain', 'analyse', 'render', 'evaluateTrec', 'presets', 'matchingPreset', 'detectFormat', 'optionSchema', 'errorCodes']) {
    assert.equal(typeof api[name], 'function', name);
  }
});

test('the worked example gives DCG 10.6389…, IDCG 11.2103…, NDCG 0.94903…', () => {
  for (const input of ['3 2 0 1 0 0 2 1 0 0', WORKED, Float64Array.from(WORKED)]) {
    const r = api.explain(input, { k: 10 });
    assert.equal(r.dcg, 10.638930695573496);
    assert.equal(r.idcg, 11.210318626022309);
    assert.ok(Math.abs(r.ndcg - 0.9490301792919195) < 1e-15);
    assert.equal(r.steps.length, 10);
    assert.deepEqual(r.idealSteps.map((s) => s.rel), [3, 2, 2, 1, 1]);
    assert.equal(r.format, 'grades');
    assert.equal(r.preset, 'document');
  }
});

test('explain gives the native command\'s JSON to the last bit', () => {
  const cases = [
    { args: ['--k', '10'], text: WORKED.join(' '), options: { k: 10 } },
    { args: ['--k', '3', '--gain', 'linear', '--ties', 'average'], text: 'a 0.5 1\nb 0.5 3\nc 0.9 0\nd 0.1 2', options: { k: 3, gain: 'linear', ties: 'average' } },
    { args: ['--preset', 'sklearn', '--log-base', '10', '--weights', '2,1.5'], text: 'id,score,rel\nx,3,1\ny,2,0\nz,1,2', options: { preset: 'sklearn', logBase: 10, weights: [2, 1.5] } },
    { args: ['--zero-idcg', 'skip'], text: '0 0 0', options: { zeroIdcg: 'skip' } },
  ];
  for (const c of cases) {
    const native = cli(['explain', '--format', 'json', '-f', '-', ...c.args], c.text);
    assert.equal(native.status, 0, native.stderr);
    const fromCli = camelKeys(JSON.parse(native.stdout));
    const fromNode = api.explain(c.text, c.options);
    assert.deepEqual(fromNode, fromCli, JSON.stringify(c.options));
  }
});

test('render gives the command\'s Markdown, CSV and text byte for byte', () => {
  for (const format of ['markdown', 'csv', 'text', 'latex', 'json']) {
    const native = cli(['explain', '--format', format, '--k', '10', ...WORKED.map(String)]);
    assert.equal(api.render(WORKED, { k: 10 }, format), native.stdout, format);
  }
  const md = api.render(WORKED, { k: 10 }, 'markdown');
  assert.match(md, /\| 1 \| 3 \| 7 \| 1\.000 \| 7\.000 \| 7\.000 \|/);
  assert.match(md, /IDCG@10 = 7\.000 \+ 1\.893 \+ 1\.500 \+ 0\.431 \+ 0\.387 = 11\.210/);
});

test('options change the numbers as derived by hand', () => {
  const log3 = Math.log2(3);
  let r = api.explain('3 2 0 1', { gain: 'linear' });
  assert.ok(Math.abs(r.dcg - (3 + 2 / log3 + 1 / Math.log2(5))) < 1e-12);
  r = api.explain('2 1', { gainTable: [0, 10, 1] });
  assert.ok(Math.abs(r.dcg - (1 + 10 / log3)) < 1e-12);
  r = api.explain('0 0', { zeroIdcg: 'one' });
  assert.equal(r.ndcg, 1);
  r = api.explain('0 0', { preset: 'lightgbm' });
  assert.equal(r.ndcg, 1);
  r = api.explain('0 0', { preset: 'lightgbm', zeroIdcg: 'zero' });
  assert.equal(r.ndcg, 0);
  r = api.explain('a 1\nb 0\nc 2', { ideal: 'judgments', qrels: 'q 0 a 1\nq 0 c 2\nq 0 d 3' });
  assert.equal(r.hasJudgments, true);
  assert.ok(r.ndcgJudged < r.ndcgList);
  assert.equal(r.ndcg, r.ndcgJudged);
});

test('presets are listed and recognised from the options they set', () => {
  const names = api.presets().map((p) => p.name);
  assert.deepEqual(names, ['document', 'trec_eval', 'gdeval', 'sklearn', 'lightgbm', 'xgboost', 'xgboost-', 'tf-ranking', 'torchmetrics', 'elasticsearch', 'spark']);
  assert.equal(api.matchingPreset({}), 'document');
  assert.equal(api.matchingPreset({ gain: 'linear', ties: 'average' }), 'sklearn');
  assert.equal(api.matchingPreset({ gain: 'linear' }), '');
  assert.equal(api.explain('1 0', { gain: 'linear', ties: 'average' }).preset, 'sklearn');
});

test('an error\'s message is the core\'s, its place in front as the command puts it; its reason is the message without the place', () => {
  const caught = (f) => { try { f(); } catch (e) { return e; } assert.fail('no error'); };
  const e = caught(() => api.explain('3 2\n1 x 0'));
  // The command names its file (standard input here) where the API names the ranking.
  assert.equal(cli(['explain'], '3 2\n1 x 0').stderr.trim(), `ndcg explain: <stdin>:2:3: ${e.reason}`);
  assert.equal(e.message, `ranking: line 2, column 3: ${e.reason}`);
  const run = caught(() => api.compareRuns('q 0 a 1', ['q Q0 a 1 1 A', 'q Q0 a 1 x B'], {}));
  assert.equal(run.message, `run 2: line 1, column 10: ${run.reason}`);
  const option = caught(() => api.explain('1 2', { k: -1 }));
  assert.equal(option.message, option.reason);
});

test('bad input throws an Error naming line and column, and the next call works', () => {
  assert.throws(() => api.explain('3 2\n1 x 0'), (e) => e instanceof Error && e.line === 2 && /line 2, column \d+/.test(e.message));
  assert.throws(() => api.explain(''), /empty/);
  assert.throws(() => api.explain([1, 'x']), /grades\[1\] is not a number/);
  assert.throws(() => api.explain('1 2', { k: -1 }), (e) => e.code === 'out-of-range' && e.source === 'options' && e.key === 'k' && /k takes a whole number/.test(e.message));
  assert.throws(() => api.explain('1 2', { nope: 1 }), /unknown option "nope"/);
  assert.throws(() => api.explain('1 2', { preset: 'none' }), (e) => e.code === 'unknown-choice' && e.key === 'preset');
  assert.throws(() => api.explain('1 -1'), /negative/);
  assert.throws(() => api.evaluateTrec('1 0 a 1', 'x', {}), (e) => e.source === 'run' && e.line === 1);
  assert.equal(api.explain(WORKED, { k: 10 }).dcg, 10.638930695573496);
});

test('wasm memory does not grow over 10,000 explain calls', () => {
  const text = 'a 0.3 1\nb 0.2 2\nc 0.1 0\nd 0.9 3';
  for (let i = 0; i < 200; i++) api.explain(text, { k: 3 });
  const before = api.memoryBytes();
  for (let i = 0; i < 10000; i++) {
    api.explain(text, { k: 3, ties: i % 2 ? 'trec' : 'average' });
    if (i % 1000 === 0) assert.throws(() => api.explain('1 nope'));
  }
  assert.equal(api.memoryBytes(), before);
});

test('a 1,000,000-grade input is explained', () => {
  const grades = new Float64Array(1_000_000);
  for (let i = 0; i < grades.length; i++) grades[i] = (i * 7919) % 5;
  const r = api.explain(grades, { k: 0 });
  assert.equal(r.n, 1_000_000);
  assert.equal(r.steps.length, 1_000_000);
  assert.ok(r.ndcg > 0 && r.ndcg < 1);
  const top = api.explain(grades.subarray(0, 10), { k: 10 });
  assert.equal(api.explain(grades, { k: 10 }).dcg, top.dcg);
});

test('evaluateTrec on the whole parity run equals the native command, bit for bit', () => {
  const measures = ['ndcg', 'ndcg_cut.5,10,20', 'P.5,10', 'recall.10', 'map', 'recip_rank'];
  const r = api.evaluateTrec(readParity('set1.qrels'), readParity('set1.run'), { measures, perQuery: true, digits: 17 });
  const native = cli(['trec', '-q', '--digits', '17', ...measures.flatMap((m) => ['-m', m]), parity('set1.qrels'), parity('set1.run')]);
  assert.equal(native.status, 0, native.stderr);
  assert.equal(r.text, native.stdout);
  assert.equal(r.text, readParity('set1.trec_eval_fullprec.txt'));
  assert.equal(r.perQuery['111'].ndcg_cut_10 !== undefined, true);
  assert.equal(Object.keys(r.perQuery).length, 50);
  for (const line of readParity('set1.trec_eval_fullprec.txt').trim().split('\n')) {
    const [name, qid, value] = line.split('\t').map((s) => s.trim());
    const got = qid === 'all' ? r.mean[name] : r.perQuery[qid][name];
    assert.ok(Math.abs(got - Number(value)) < 1e-12, `${name} ${qid}: ${got} vs ${value}`);
  }
});

test('evaluateTrec: a qrels of 2.5 million queries beside a run of one fits the module, under every measure', async () => {
  // Room for the rows is reserved from the judged queries, but at most 64 MB of it: all_trec's
  // 130-odd columns for every one of them would be some 2.6 GB, past the module's memory.
  const fresh = await createNdcgModule();
  const qrels = Buffer.from(Array.from({ length: 2500000 }, (_, q) => `q${q} 0 d1 1\n`).join(''));
  const r = fresh.evaluateTrec(qrels, 'q5 Q0 d1 1 9 r\nq5 Q0 d2 2 8 r\nq5 Q0 d3 3 7 r\n', { measures: ['all_trec'] });
  assert.equal(r.numQ, 1);
  assert.equal(r.mean.map, 1);  // q5's one judged document ranked first
  assert.equal(r.mean.num_ret, 3);
  assert.ok(fresh.memoryBytes() < 2 ** 30, `${fresh.memoryBytes()} bytes of module memory`);
});

test('evaluateTrec with tieRange: the text is ndcg trec --tie-range\'s, the range measures are its JSON\'s', () => {
  const args = ['trec', '--tie-range', '-q', '-m', 'ndcg_cut.10', '-m', 'map', parity('set1.qrels'), parity('set1.run')];
  const r = api.evaluateTrec(readParity('set1.qrels'), readParity('set1.run'), { measures: ['ndcg_cut.10', 'map'], tieRange: true, perQuery: true });
  assert.equal(r.text, cli(args).stdout);
  const native = JSON.parse(cli([...args.slice(0, -2), '--format', 'json', ...args.slice(-2)]).stdout);
  const { all, ...queries } = native;
  assert.deepEqual(r.mean, all);
  assert.deepEqual(r.perQuery, queries);
  assert.equal(r.mean['ndcg_cut_10:ties'], 18);
  assert.ok(Object.values(r.perQuery).every((v) => v['map:worst'] <= v.map && v.map <= v['map:best']));
  // Without it, none of the three.
  assert.equal(Object.keys(api.evaluateTrec(readParity('set1.qrels'), readParity('set1.run'), { measures: ['map'] }).mean).join(), 'map');
});

test('evaluateTrec with ci: the text is ndcg trec --ci\'s, the intervals its JSON\'s, the same seed the same numbers', () => {
  const args = ['trec', '--ci', '--seed', '3', '-m', 'ndcg_cut.10', '-m', 'map', '-m', 'num_ret', parity('set1.qrels'), parity('set1.run')];
  const options = { measures: ['ndcg_cut.10', 'map', 'num_ret'], ci: true, seed: 3 };
  const r = api.evaluateTrec(readParity('set1.qrels'), readParity('set1.run'), options);
  assert.equal(r.text, cli(args).stdout);
  const native = JSON.parse(cli([...args.slice(0, -2), '--format', 'json', ...args.slice(-2)]).stdout);
  assert.deepEqual(r.ci95, native.ci95);
  assert.deepEqual(r.ciQueries, { map: 50, ndcg_cut_10: 50 });
  assert.ok(r.ci95.map[0] < r.mean.map && r.mean.map < r.ci95.map[1]);
  assert.equal(r.ci95.num_ret, undefined);  // a sum has no interval
  assert.deepEqual(api.evaluateTrec(readParity('set1.qrels'), readParity('set1.run'), options).ci95, r.ci95);
  const plain = api.evaluateTrec(readParity('set1.qrels'), readParity('set1.run'), { measures: ['map'] });
  assert.equal(plain.ci95, undefined);
  assert.equal(plain.text, cli(['trec', '-m', 'map', parity('set1.qrels'), parity('set1.run')]).stdout);
});

test('describeMeasure gives ndcg trec --help-measure\'s text and its fields; an unknown name throws', () => {
  for (const name of ['ndcg_cut', 'P_5', 'gm_map', 'prefs_simp', 'rbp.p=0.8']) {
    const d = api.describeMeasure(name);
    assert.equal(d.text, cli(['trec', '--help-measure', name]).stdout);
    assert.ok(d.text.startsWith(`${d.name}: ${d.help}\n  ${d.about}\n`));
  }
  const d = api.describeMeasure('ndcg_cut');
  assert.equal(d.parameters, 'cutoffs K, a column each; default 5,10,15,20,30,100,200,500,1000');
  assert.equal(d.level, 'unused: gains are grades');
  assert.equal(api.describeMeasure('runid').ties, '');
  assert.throws(() => api.describeMeasure('nope'), (e) => e.code === 'unknown-measure' && /unknown measure "nope"/.test(e.message));
  assert.throws(() => api.describeMeasure(7), (e) => e.code === 'bad-type');
  assert.equal(api.explain('3 2 1').n, 3);  // the module stays usable
});

test('evaluateTrec on bytes (Buffer, Uint8Array) gives what it gives on the strings', () => {
  const qrels = readParity('set1.qrels'), run = readParity('set1.run');
  const options = { measures: ['all_trec'], perQuery: true };
  const fromText = api.evaluateTrec(qrels, run, options);
  const buffers = api.evaluateTrec(Buffer.from(qrels), Buffer.from(run), options);
  const arrays = api.evaluateTrec(new TextEncoder().encode(qrels), new TextEncoder().encode(run), options);
  assert.deepEqual(buffers, fromText);
  assert.deepEqual(arrays, fromText);
  assert.equal(fromText.text, cli(['trec', '-q', '-m', 'all_trec', parity('set1.qrels'), parity('set1.run')]).stdout);
  assert.throws(() => api.evaluateTrec(new Uint16Array(4), run), (e) => e.code === 'bad-type' && e.key === 'qrels');
});

test('evaluateTrec reads a run in pieces: memory holds the judgments, not the run; interleaved queries and tie ranges read it again', async () => {
  const fresh = await createNdcgModule();
  const qrels = readParity('set1.qrels'), run = readParity('set1.run');
  const lines = run.trim().split('\n');
  // Some 25 MB of run: the parity run's lines, its queries renamed in each copy (none judged but the first).
  const copies = Math.ceil(25e6 / run.length);
  const big = Buffer.from(Array.from({ length: copies }, (_, c) => (c ? lines.map((l) => `c${c}${l}`).join('\n') + '\n' : run)).join(''));
  const before = fresh.memoryBytes();
  const r = fresh.evaluateTrec(qrels, big, { measures: ['ndcg_cut.10', 'map'] });
  assert.equal(r.mean.ndcg_cut_10, fresh.evaluateTrec(qrels, run, { measures: ['ndcg_cut.10', 'map'] }).mean.ndcg_cut_10);
  assert.ok(fresh.memoryBytes() - before < big.length / 4, `the module grew by ${fresh.memoryBytes() - before} bytes for a run of ${big.length}`);
  // Queries interleaved (every line's order reversed): regrouped as ndcg trec regroups a file.
  const interleaved = Buffer.from([...lines].reverse().join('\n') + '\n');
  const options = { measures: ['ndcg_cut.10', 'map'], perQuery: true, tieRange: true };
  const once = fresh.evaluateTrec(qrels, run, options);
  assert.deepEqual(fresh.evaluateTrec(qrels, interleaved, options), once);
  assert.deepEqual(fresh.evaluateTrec(Buffer.from(qrels), Buffer.from(run), options), once);
  // A run that is not TREC is read whole and converted, as before.
  const json = {};
  for (const l of lines) {
    const [qid, , docid, , score] = l.split(/\s+/);
    (json[qid] ||= {})[docid] = Number(score);
  }
  assert.deepEqual(fresh.evaluateTrec(qrels, json, { measures: ['map'] }).mean, fresh.evaluateTrec(qrels, run, { measures: ['map'] }).mean);
});

test('reserveMemory grows the module ahead of a batch call, which then takes its pages from that room', async () => {
  const fresh = await createNdcgModule();
  const qrels = readParity('set1.qrels'), run = readParity('set1.run');
  const options = { measures: ['ndcg_cut.10', 'map'], perQuery: true };
  const want = 2 * Buffer.byteLength(qrels) + 32 * 2 ** 20;
  const grown = fresh.reserveMemory(want);
  assert.equal(grown, fresh.memoryBytes());
  assert.ok(grown >= want, `${grown} bytes of memory after asking for ${want}`);
  assert.deepEqual(fresh.evaluateTrec(qrels, run, options), api.evaluateTrec(qrels, run, options));
  assert.equal(fresh.memoryBytes(), grown, 'the evaluation fit in the room made for it');
  // Room already made is not made again; nothing, or a bad size, grows nothing.
  assert.equal(fresh.reserveMemory(want), grown);
  assert.equal(fresh.reserveMemory(0), grown);
  assert.throws(() => fresh.reserveMemory(-1), (e) => e.code === 'bad-type' && e.key === 'bytes');
  assert.equal(fresh.memoryBytes(), grown);
});

test('evaluateTrec reads a string run in pieces encoded as UTF-8: ids with surrogate pairs across the pieces\' ends read as from bytes', () => {
  const qrels = [], run = [];
  // Some 5 MB: several 2 MB pieces, their ends falling inside ids of 1- to 4-byte characters.
  for (let q = 0; q < 600; q++) {
    for (let d = 0; d < 200; d++) {
      const id = `d${d}${'😀é中'.repeat((q + d) % 7)}x`;
      run.push(`q${q} Q0 ${id} ${d + 1} ${1000 - d} r`);
      if (d % 7 === 0) qrels.push(`q${q} 0 ${id} ${d % 3}`);
    }
  }
  const runText = `${run.join('\n')}\n`, qrelsText = `${qrels.join('\n')}\n`;
  assert.ok(Buffer.byteLength(runText) > 2 * 2 ** 21, String(Buffer.byteLength(runText)));
  const options = { measures: ['ndcg_cut.10', 'map', 'num_rel_ret', 'num_ret'], perQuery: true };
  const fromText = api.evaluateTrec(qrelsText, runText, options);
  assert.deepEqual(fromText, api.evaluateTrec(Buffer.from(qrelsText), Buffer.from(runText), options));
  assert.equal(fromText.mean.num_ret, run.length);
  assert.equal(fromText.mean.num_rel_ret, qrels.filter((l) => !l.endsWith(' 0')).length);
});

test('evaluateTrec\'s text follows format, noSummary and perQuery as ndcg trec\'s flags; relstring per query is its text', () => {
  const measures = ['map', 'relstring.3', 'ndcg_cut.10', 'num_ret'];
  for (const [format, flags] of [['json', ['-q']], ['csv', ['-q']], ['text', ['-q', '-n']], ['json', ['-n', '-q']]]) {
    const options = { measures, format, perQuery: true, noSummary: flags.includes('-n') };
    const r = api.evaluateTrec(readParity('set1.qrels'), readParity('set1.run'), options);
    const native = cli(['trec', ...flags, '--format', format, ...measures.flatMap((m) => ['-m', m]), parity('set1.qrels'), parity('set1.run')]);
    assert.equal(native.status, 0, native.stderr);
    assert.equal(r.text, native.stdout, `${format} ${flags}`);
  }
  const r = api.evaluateTrec(readParity('set1.qrels'), readParity('set1.run'), { measures, format: 'json', perQuery: true });
  // The JSON text and the objects carry the same values (the JSON's "all" is the mean).
  const json = JSON.parse(r.text);
  for (const qid of r.qids) assert.deepEqual(r.perQuery[qid], json[qid], qid);
  assert.equal(typeof r.perQuery['111'].relstring_3, 'string');
  assert.equal(r.perQuery['111'].relstring_3.length, 3);
  assert.equal('relstring_3' in r.mean, false);
  for (const [name, v] of Object.entries(json.all)) assert.equal(r.mean[name], v, name);
  assert.throws(() => api.evaluateTrec('q 0 a 1', 'q Q0 a 1 1 t', { format: 'markdown' }), (e) => e.code === 'unknown-choice');
});

test('evaluateTrec: a measure named with parameters replaces what a nickname brought in; -Z as trec_eval prints it', () => {
  const qrels = readParity('set1.qrels');
  const run = readParity('set1.run');
  const all = api.evaluateTrec(qrels, run, { measures: ['all_trec', 'relstring.20'] });
  assert.ok(all.measures.includes('relstring_20') && !all.measures.includes('relstring'));
  // -Z: z-scores against a mean file, named and printed as trec_eval 10.0 prints them.
  const zscores = '481 num_ret 10 2\n481 map 0.5 0.25\n';
  const z = api.evaluateTrec(qrels, run, { measures: ['num_ret', 'map', 'relstring.3'], zscores, perQuery: true });
  const native = cli(['trec', '-q', '-Z', '-', '-m', 'num_ret', '-m', 'map', '-m', 'relstring.3', parity('set1.qrels'),
    parity('set1.run')], zscores);
  assert.equal(native.status, 0, native.stderr);
  assert.equal(z.text, native.stdout);
  assert.deepEqual(z.measures, ['Znum_ret', 'Zmap', 'relstring_3']);
  assert.match(z.text, /^Znum_ret {15}\t481\t-?\d+\.\d{4}$/m);
  assert.equal(typeof z.perQuery['481'].Zmap, 'number');
  assert.throws(() => api.evaluateTrec(qrels, run, { measures: ['map'], zscores: '481 map x 1\n' }),
    (e) => e.code === 'not-a-number' && e.source === 'zscores');
});

test('evaluateTrec names the readings it took (notes), as ndcg trec says them on stderr', () => {
  const r = api.evaluateTrec(readParity('set1.qrels'), readParity('set1.run'), { measures: ['ndcg_cut.23.4'] });
  assert.deepEqual(r.measures, ['ndcg_cut_23']);
  const native = cli(['trec', '-m', 'ndcg_cut.23.4', parity('set1.qrels'), parity('set1.run')]);
  assert.equal(r.notes.length, 1);
  assert.deepEqual(r.notes.map((n) => `ndcg trec: ${n}`), native.stderr.trim().split('\n'));
});

test('evaluateTrec with no measures gives trec_eval\'s default output, as the native command', () => {
  const r = api.evaluateTrec(readParity('set1.qrels'), readParity('set1.run'), { perQuery: true, digits: 17 });
  const native = cli(['trec', '-q', '--digits', '17', parity('set1.qrels'), parity('set1.run')]);
  assert.equal(native.status, 0, native.stderr);
  assert.equal(r.text, native.stdout);
  assert.equal(r.runId, 'run-A.v2');
  assert.deepEqual(r.measures.slice(0, 10),
    ['runid', 'num_q', 'num_ret', 'num_rel', 'num_rel_ret', 'map', 'gm_map', 'Rprec', 'bpref', 'recip_rank']);
  assert.equal(r.measures.at(-1), 'P_1000');
  // gm_map: the geometric mean of max(AP, 0.00001) over the queries; not printed per query.
  const logs = r.qids.map((q) => Math.log(Math.max(r.perQuery[q].map, 0.00001)));
  assert.ok(Math.abs(r.mean.gm_map - Math.exp(logs.reduce((a, b) => a + b, 0) / logs.length)) < 1e-12);
  assert.equal(r.perQuery['111'].gm_map, undefined);
  assert.deepEqual(r.notOffered, []);
  // all_trec is every measure of trec_eval's all_trec now: none is left out.
  assert.deepEqual(api.evaluateTrec('q 0 a 1', 'q Q0 a 1 1 t', { measures: ['all_trec'] }).notOffered, []);
});

test('analyse gives, from one call, the explanation, the preset comparison and the unweighted NDCG', () => {
  const a = api.analyse(WORKED, { k: 10, weights: [2] });
  const log3 = Math.log2(3);
  // Weight 2 on position 1 doubles its term in DCG and in IDCG.
  const dcg = 14 + 3 / log3 + 1 / Math.log2(5) + 3 / 3 + 1 / Math.log2(9);
  const idcg = 14 + 3 / log3 + 3 / 2 + 1 / Math.log2(5) + 1 / Math.log2(6);
  assert.ok(Math.abs(a.explanation.ndcg - dcg / idcg) < 1e-12);
  assert.equal(a.unweightedNdcg, 0.9490301792919195);
  assert.equal(a.explanation.format, 'grades');
  assert.equal(a.items, 10);
  assert.equal(a.matchingPreset, 'document');
  const byName = Object.fromEntries(a.presets.map((p) => [p.name, p]));
  assert.equal(a.presets.length, api.presets().length);
  // sklearn: linear gains, the same weights and cutoff.
  const lin = (2 * 3 + 2 / log3 + 1 / Math.log2(5) + 2 / 3 + 1 / Math.log2(9)) / (2 * 3 + 2 / log3 + 2 / 2 + 1 / Math.log2(5) + 1 / Math.log2(6));
  assert.ok(Math.abs(byName.sklearn.ndcg - lin) < 1e-12);
  assert.equal(api.analyse(WORKED, { k: 10 }).unweightedNdcg, null);
});

test('an analysis renders its reports without computing again, and as render() does', () => {
  const a = api.analyse(WORKED, { k: 10 });
  for (const format of ['markdown', 'csv', 'text', 'latex', 'json']) assert.equal(a.render(format), api.render(WORKED, { k: 10 }, format));
  for (let i = 0; i < 6; i++) api.analyse([1, 0], {});  // the core keeps only the last few analyses
  assert.equal(a.render('json'), api.render(WORKED, { k: 10 }, 'json'));
  assert.throws(() => a.render('yaml'), (e) => e.code === 'unknown-choice');
});

test('every error carries a code from the core\'s table, with the args that code names', () => {
  const codes = new Map(api.errorCodes().map((c) => [c.code, c.args]));
  const bad = [
    () => api.explain('3 2\n1 x 0'), () => api.explain(''), () => api.explain('1 2', { k: -1 }), () => api.explain('1 2', { k: 2.5 }),
    () => api.explain('1 2', { gain: 'cubic' }), () => api.explain('1 2', { weights: '1,,2' }), () => api.explain('1 2', { nope: 1 }),
    () => api.explain('1 2', { k: true }), () => api.explain('a 1\na 2'), () => api.evaluateTrec('1 0 a 1', 'x', {}),
  ];
  for (const fn of bad) {
    let caught = null;
    try { fn(); } catch (e) { caught = e; }
    assert.ok(caught, String(fn));
    assert.ok(codes.has(caught.code), `${caught.code} (${caught.message})`);
    assert.deepEqual(Object.keys(caught.args).sort(), [...codes.get(caught.code)].sort(), `${caught.code}: ${caught.message}`);
    assert.ok(['ranking', 'judgments', 'run', 'qrels', 'subtopics', 'options'].includes(caught.source), caught.message);
  }
});
