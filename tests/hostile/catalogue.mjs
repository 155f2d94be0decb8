// The catalogue of hostile and broken inputs (issue 5), with the outcome each
// must have in the native command and in the Node API. tests/js/hostile.test.mjs
// runs it against both; scripts/sanitize runs its command side against the
// ASan/UBSan build. The page suite may read the `page` notes.
//
// A case:
//   name        what it is (a test name)
//   kind        'explain' (default), 'trec', 'compare', 'merge', 'python' (a Python function alone),
//               'option' (api.readOption(key, text);
//               the command gets `--key=text` and the worked example, and its JSON
//               reports the value under options) or 'cli' (command-line words only)
//   key, text   for an option: its key and text
//   ranking     the text `ndcg explain -f -` reads on stdin and api.explain() gets:
//               a string, a Buffer (bytes no JS string can hold), or a function
//               making either (big inputs are made on demand, once)
//   apiInput    what api.explain() gets instead (an array of grades, a string)
//   judgments   text for `--qrels FILE` and options.qrels
//   qrels, run, subtopics   texts for `ndcg trec` and api.evaluateTrec()
//   zscores     -Z's text (`ndcg trec -Z FILE`, options.zscores, Python's zscores=)
//   group       LETOR's group sizes (`ndcg trec --group FILE`, options.group, Python's group=)
//   runs        for compare: the run texts (`ndcg compare … QRELS RUN…`, api.compareRuns());
//               an error in a run is expected in the last one
//   parts       for merge: `ndcg trec -q` outputs (`ndcg trec --merge -q PART…`, Python's
//               ndcg_calc.merge(); the JS API has no merge); an error is expected in the last
//   args        command-line words after `explain`/`trec` (before the files)
//   function    for python: the function (ndcg_score, dcg_score, explain_row, xgboost.metric,
//               lightgbm.feval, evaluator: its MAP of run args[1] against qrels args[0]);
//               args its arguments (for the training metrics: labels,
//               scores, group sizes), options its keywords; expect.type a builtin
//               exception class where it is not NdcgError (scikit-learn's ValueError)
//   options     API options
//   sanitized   false: left out under the sanitizers (scripts/sanitize), for a case whose
//               point is its size: ASan runs it ten times slower and the same code runs
//               there on smaller inputs
//   expect      the outcome on both sides, unless `cli`/`api` give their own
//               (null: the case does not apply to that side):
//                 { error: /message/, line, column, code }  exit 2 / an NdcgError;
//                   line 0 means "not placed": no line:column in the message
//                 { result: { n, k, ndcg, dcg, idcg, format, ids, rels, ... } }
//                 for trec: { result: { mean: {...}, perQuery: {q: {...}} } }
//                 for compare: { result: { count, first: { meanA, wins, pSign, ... } } }
//   bug         a known bug (see the report on issue 5): the case runs as a
//               TODO, so it is reported but does not fail the suite
//   cliFormat   'text': the command prints its text report (with --decimals 17),
//               whose n, k, DCG, IDCG and NDCG are checked; JSON would spend
//               most of the time printing every NDCG@k of a huge list
//   textRerun   false: skip the command's second run with the text report
//               (every other successful explain case also checks that report)
//   timeoutMs   per side (default 20 s)
//   page        what the page must do with it (for tests/browser)
//   py          the outcome in the Python package when it differs from `api`'s (a
//               Python value where the case gives a JS one; null: not a Python case).
//               tests/python/test_hostile.py runs the catalogue there (export.mjs)
//
// Numbers in `result` are compared to 1e-12 relative; null means "no value".

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const WORKED = '3 2 0 1 0 0 2 1 0 0';
const worked = { n: 10, dcg: 10.638930695573496, idcg: 11.210318626022309, ndcg: 0.9490301792919195 };

// The limits of ndcg::limits (cpp/include/ndcg/parse.hpp).
export const LIMITS = { maxBytes: 256 * 2 ** 20, maxLine: 16 * 2 ** 20, maxItems: 20000000 };

/** Calls `make` once and keeps what it returns (big inputs are costly to build). */
function once(make) {
  let value;
  return () => (value === undefined ? (value = make()) : value);
}

const gain = (g) => 2 ** g - 1;
const dcgOf = (grades, k = grades.length) =>
  grades.slice(0, k).reduce((sum, g, i) => sum + gain(g) / Math.log2(i + 2), 0);

// 10^7 grades, one per line, in the repeating pattern 3 2 0 1.
const TEN_MILLION = 10000000;
const tenMillion = once(() => Buffer.alloc(2 * TEN_MILLION, '3\n2\n0\n1\n'));
const tenMillionTop = [3, 2, 0, 1, 3, 2, 0, 1, 3, 2];

const bigLine = once(() => Buffer.alloc(100 * 2 ** 20, '1 '));
const overLimit = once(() => Buffer.alloc(LIMITS.maxBytes + 2, '1\n'));
const hashOfOneMB = once(() => '1,'.repeat(2 ** 19));

/** "zeroIdcg" → "zero-idcg", as the command spells an option. */
const kebab = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A case of one option's text: api.readOption(key, text), and `--key=text` given to explain. */
function option(name, key, text, expect, more = {}) {
  return { name: `option: ${name}`, kind: 'option', key, text, ranking: WORKED, args: [`--${kebab(key)}=${text}`], expect, ...more };
}

export const catalogue = [
  // ---- empty and near-empty --------------------------------------------------
  { name: 'empty input', ranking: '', expect: { error: /expected grades such as "3 2 0 1", got an empty input/, line: 0 } },
  { name: 'only line breaks', ranking: '\n\n\r\n\r', expect: { error: /got an empty input/, line: 0 } },
  { name: 'only separators', ranking: ' , ; | \t , ,', expect: { error: /got no numbers/, line: 0 } },
  { name: 'only full-width separators', ranking: '\u3000\u3001\uFF0C\uFF1B', expect: { error: /got no numbers/, line: 0 } },
  { name: 'only a comment', ranking: '# nothing here\n', expect: { error: /got no numbers/, line: 0 } },
  { name: 'an empty array of grades', kind: 'explain', apiInput: [], cli: null, expect: { error: /the ranking is empty/, line: 0 } },

  // ---- numbers that are not numbers --------------------------------------------
  { name: 'NaN as a grade', ranking: 'NaN', expect: { error: /got "NaN", which is not a finite number/, line: 1, column: 1 } },
  { name: 'inf as a grade', ranking: '3 inf', expect: { error: /got "inf", which is not a finite number/, line: 1, column: 3 } },
  { name: '-Infinity as a grade', ranking: '3 -Infinity 2', expect: { error: /got "-Infinity", which is not a finite number/, line: 1, column: 3 } },
  { name: '1e999 overflows a double', ranking: '2 1e999', expect: { error: /got "1e999", which is not a finite number/, line: 1, column: 3 } },
  { name: '1e-999 underflows to 0', ranking: '1e-999 1', expect: { result: { n: 2, rels: [0, 1], ndcg: 1 / Math.log2(3) } } },
  { name: 'hexadecimal is not a grade', ranking: '0x10', expect: { error: /got "0x10"/, line: 1, column: 1 } },
  { name: 'a number with a tail', ranking: '3 2abc', expect: { error: /got "2abc"/, line: 1, column: 3 } },
  { name: 'NaN in an array of grades', apiInput: [3, NaN], cli: null, expect: { error: /grade is not a finite number: nan/, line: 1, column: 2 } },
  { name: 'Infinity in an array of grades', apiInput: [Infinity], cli: null, expect: { error: /not a finite number: inf/, line: 1, column: 1 } },
  { name: 'a string in an array of grades', apiInput: [3, '2'], cli: null, expect: { error: /grades\[1\] is not a number/, code: 'not-a-number' } },
  { name: 'NaN score in an id/score/grade line', ranking: 'd1 0.5 3\nd2 NaN 1\n', expect: { error: /"NaN", which is not a finite number/, line: 2, column: 4 } },
  { name: 'inf score in CSV', ranking: 'id,score,rel\nd1,inf,3\n', expect: { error: /expected a score \(a number\), got "inf"/, line: 2, column: 4 } },

  // ---- negative and huge grades -------------------------------------------------
  { name: 'a negative grade', ranking: '3 -1 2', expect: { error: /grade -1 is negative/, line: 1, column: 3 } },
  { name: 'a negative grade worth zero', ranking: '3 -1 2', args: ['--negatives', 'zero'], options: { negatives: 'zero' },
    expect: { result: { n: 3, rels: [3, -1, 2], dcg: 7 + 3 / 2, idcg: 7 + 3 / Math.log2(3) } } },
  { name: 'a negative grade dropped', ranking: '3 -1 2', args: ['--negatives', 'drop'], options: { negatives: 'drop' },
    expect: { result: { n: 2, rels: [3, 2], ndcg: 1 } } },
  { name: 'every grade negative and dropped', ranking: '-1 -2', args: ['--negatives', 'drop'], options: { negatives: 'drop' },
    expect: { error: /every item was dropped/, line: 0 } },
  { name: 'grade 1023: the largest finite 2^g - 1', ranking: '1023', expect: { result: { n: 1, dcg: 2 ** 1023 - 1, ndcg: 1 } } },
  { name: 'grade 1024: 2^1024 overflows', ranking: '3 1024', expect: { error: /grade 1024 gives a gain that is not finite/, line: 1, column: 3 } },
  { name: 'grade 1e308 in an array', apiInput: [1e308], cli: null, expect: { error: /grade 1e\+308 gives a gain that is not finite/, line: 1, column: 1 } },
  { name: 'finite gains whose sum overflows', ranking: '1023 1023 1023',
    expect: { error: /overflow|not finite|too large/, line: 0 } },
  { name: 'linear gains of huge grades stay finite', ranking: '1e300 1e300', args: ['--gain', 'linear'], options: { gain: 'linear' },
    expect: { result: { n: 2, ndcg: 1 } } },
  { name: 'a grade beyond the gain table', ranking: '0 1 3', args: ['--gain-table', '0,1,3'], options: { gainTable: [0, 1, 3] },
    expect: { error: /grade 3 has no entry in the gain table/, line: 1, column: 5 } },
  { name: 'a fractional grade under a table gain', ranking: '1.5', args: ['--gain-table', '0,1,3'], options: { gainTable: [0, 1, 3] },
    expect: { error: /grade 1.5 has no entry in the gain table/, line: 1, column: 1 } },

  // ---- K ---------------------------------------------------------------------------
  { name: 'K = 0 means the whole list', ranking: WORKED, args: ['--k', '0'], options: { k: 0 }, expect: { result: { ...worked, k: 0 } } },
  { name: 'K = -1', ranking: WORKED, args: ['--k', '-1'], options: { k: -1 },
    expect: { error: /k (takes|must be) a whole number, 0 or more/, line: 0 } },
  { name: 'K = 10^12 is past the end of any list', ranking: WORKED, args: ['--k', '1000000000000'], options: { k: 1e12 },
    expect: { result: { ...worked, k: 1e12 } } },
  { name: 'K = 2^64 does not fit', ranking: WORKED, args: ['--k', '18446744073709551616'], options: { k: 2 ** 64 },
    expect: { error: /k (takes|must be) a whole number/, line: 0 } },
  { name: 'K that is not a number', ranking: WORKED, args: ['--k', 'ten'], options: { k: 'ten' },
    expect: { error: /k (takes|must be) a whole number, 0 or more.*ten/, line: 0 } },
  { name: 'K in exponent notation', ranking: WORKED, args: ['--k', '1e1'], options: { k: '1e1' },
    expect: { error: /k (takes|must be) a whole number/, line: 0 } },
  { name: 'K = NaN', ranking: WORKED, args: ['--k', 'NaN'], options: { k: NaN }, expect: { error: /k (takes|must be) a whole number/, line: 0 } },
  { name: 'K = 2.5', ranking: WORKED, args: ['--k', '2.5'], options: { k: 2.5 }, expect: { error: /k (takes|must be) a whole number/, line: 0 } },
  { name: 'an empty K', ranking: WORKED, args: ['--k='], options: { k: '' }, expect: { error: /k (takes|must be) a whole number/, line: 0 } },

  // ---- other options ------------------------------------------------------------------
  { name: 'log base 1', ranking: WORKED, args: ['--log-base', '1'], options: { logBase: 1 }, expect: { error: /log_base takes a number above 1/, line: 0, code: 'out-of-range' } },
  { name: 'log base NaN', ranking: WORKED, args: ['--log-base', 'nan'], options: { logBase: NaN }, expect: { error: /log_base takes a number above 1/, line: 0, code: 'not-a-number' } },
  { name: 'a negative position weight', ranking: WORKED, args: ['--weights', '1,-1'], options: { weights: [1, -1] },
    expect: { error: /weights takes numbers separated by commas, 0 or more/, line: 0, code: 'out-of-range' } },
  { name: 'position weights whose terms overflow', ranking: '3 3', args: ['--weights', '1e308,1e308'], options: { weights: [1e308, 1e308] },
    expect: { error: /overflow|not finite|too large/, line: 0 } },
  { name: 'alpha above 1', ranking: WORKED, args: ['--alpha', '2'], options: { alpha: 2 }, expect: { error: /alpha takes a finite number from 0 to 1/, line: 0, code: 'out-of-range' } },
  { name: 'an unknown preset', ranking: WORKED, args: ['--preset', 'nosuch'], options: { preset: 'nosuch' }, expect: { error: /preset takes one of/, line: 0, code: 'unknown-choice' } },
  { name: 'an unknown option', ranking: WORKED, args: ['--bogus', '1'], options: { bogus: 1 }, expect: { error: /unknown option/, line: 0, code: 'unknown-option' } },
  { name: 'a gain table with an infinite entry', ranking: '0 1', args: ['--gain-table', '0,inf'], options: { gainTable: [0, Infinity] },
    expect: { error: /finite numbers|takes numbers separated by commas/, line: 0 } },
  { name: 'IDCG = 0 left out', ranking: '0 0 0', args: ['--zero-idcg', 'skip'], options: { zeroIdcg: 'skip' },
    expect: { result: { n: 3, dcg: 0, idcg: 0, ndcg: null } } },
  { name: 'all grades zero', ranking: '0 0 0', expect: { result: { n: 3, dcg: 0, idcg: 0, ndcg: 0 } } },
  { name: 'options that are not an object', ranking: WORKED, options: 'k=10', cli: null, expect: { error: /options must be an object/, code: 'bad-type' },
    py: { error: /k takes a whole number, 0 or more, got "k=10"/, code: 'not-a-number', line: 0 } },
  { name: 'an input that is neither text nor grades', apiInput: 42, cli: null, expect: { error: /must be a string/, code: 'bad-type' },
    py: { error: /ranking: expected text, bytes, a list or array of grades/, code: 'bad-type' } },
  { name: 'judgments that are not text', ranking: 'd1 3\nd2 1', options: { qrels: 7 }, cli: null, expect: { error: /qrels must be a string/, code: 'bad-type' },
    py: { error: /judgments: expected a file path, text, bytes or a dict/, code: 'bad-type' } },

  // ---- line ends, BOM, encodings, NUL --------------------------------------------------
  { name: 'a BOM before grades', ranking: '\uFEFF3 2 1', expect: { result: { n: 3, rels: [3, 2, 1], ndcg: 1 } } },
  { name: 'a BOM does not count as a column', ranking: '\uFEFF3 x 1', expect: { error: /got "x"/, line: 1, column: 3 } },
  { name: 'CRLF line ends', ranking: 'd1 3\r\nd2 2\r\nd3 0\r\n', expect: { result: { n: 3, ids: ['d1', 'd2', 'd3'], ndcg: 1 } } },
  { name: 'CRLF: errors name the right line and column', ranking: 'd1 3\r\nd2 x\r\n', expect: { error: /got "x"/, line: 2, column: 4 } },
  { name: 'lone CR line ends', ranking: 'd1 3\rd2 2\rd3 x\r', expect: { error: /got "x"/, line: 3, column: 4 } },
  { name: 'mixed CR, LF and CRLF', ranking: '3\r2\n1\r\n0', expect: { result: { n: 4, rels: [3, 2, 1, 0], ndcg: 1 } } },
  { name: 'full-width digits and separators', ranking: '\uFF13\u3001\uFF12\u3000\uFF10', expect: { result: { n: 3, rels: [3, 2, 0] } } },
  { name: 'invalid UTF-8 between grades', ranking: Buffer.from('3 \xff 2', 'latin1'), apiInput: '3 \uFFFD 2',
    expect: { error: /expected a grade \(a number\)/, line: 1, column: 3 } },
  { name: 'invalid UTF-8 in ids comes out as valid JSON', ranking: Buffer.from('id,rel\n\xff\xa1\xa1x,3\nd\xc3,1\n', 'latin1'),
    apiInput: 'id,rel\n\uFFFDx,3\nd\uFFFD,1\n', expect: { result: { n: 2, rels: [3, 1], ndcg: 1 } } },
  { name: 'a lone surrogate in an id', ranking: 'id,rel\n\u00e9\uD800x,3\n', cli: null, expect: { result: { n: 1, rels: [3] } } },
  { name: 'a NUL byte', ranking: '3\u00002', expect: { error: /NUL byte/, line: 1, column: 2 } },
  { name: 'a NUL byte on a later line', ranking: 'd1 3\nd2\u0000 1\n', expect: { error: /NUL byte/, line: 2, column: 3 } },
  { name: 'a terminal escape in an id stays data', ranking: '\u001b[31mred 3\nd2 1\n', textRerun: false,
    expect: { result: { n: 2, ids: ['\u001b[31mred', 'd2'] } } },
  { name: 'terminal escapes in ids do not reach the terminal', ranking: 'id,rel\n\u001b[2J\u001b]0;pwned\u0007x,3\nd2,1\n', cliFormat: 'text',
    expect: { result: { n: 2, ndcg: 1 } } },

  // ---- size -----------------------------------------------------------------------------
  { name: '10^7 items', ranking: tenMillion, args: ['--k', '10'], options: { k: 10 }, cliFormat: 'text', timeoutMs: 240000, sanitized: false,
    expect: { result: { n: TEN_MILLION, k: 10, rels: tenMillionTop, dcg: dcgOf(tenMillionTop), idcg: dcgOf(new Array(10).fill(3)),
      ndcg: dcgOf(tenMillionTop) / dcgOf(new Array(10).fill(3)) } } },
  { name: 'one line of 100 MB', ranking: bigLine, timeoutMs: 120000,
    expect: { error: new RegExp(`expected lines of at most ${LIMITS.maxLine} bytes, got one of ${100 * 2 ** 20}`), line: 1, column: LIMITS.maxLine + 1 } },
  { name: 'more than 256 MB of input', ranking: overLimit, timeoutMs: 120000,
    expect: { error: new RegExp(`expected at most ${LIMITS.maxBytes} bytes of input, got ${LIMITS.maxBytes + 2}`), line: 0 } },
  { name: 'a 1 MB URL hash of grades', ranking: hashOfOneMB, args: ['--k', '10'], options: { k: 10 }, cliFormat: 'text', timeoutMs: 60000,
    page: 'index.html#grades=1,1,1,… (1 MB): renders or says the input is too large, without freezing; the hash is kept',
    expect: { result: { n: 2 ** 19, ndcg: 1 } } },
  { name: 'a bad token of 1 MB is echoed short', ranking: once(() => `3 ${'x'.repeat(2 ** 20)}`), timeoutMs: 60000,
    expect: { error: /^(?=[^]{0,400}$).*got "x{10,40}\.\.\."/, line: 1, column: 3 } },
  { name: 'a million blank lines, then a grade', ranking: once(() => `${'\n'.repeat(1e6)}3`), timeoutMs: 60000,
    expect: { result: { n: 1, rels: [3] } } },
  { name: 'five million separators', ranking: once(() => ' ,'.repeat(5e6)), timeoutMs: 60000, expect: { error: /got no numbers/, line: 0 } },

  // ---- formats: CSV/TSV, mixed, ragged -------------------------------------------------
  { name: 'ragged CSV: a short row', ranking: 'id,score,rel\nd1,0.9,3\nd2,0.8\n', expect: { error: /expected 3 fields as in the header on line 1, got 2/, line: 3, column: 7 } },
  { name: 'ragged CSV: a long row', ranking: 'id,score,rel\nd1,0.9,3\nd2,0.8,2,9\n', expect: { error: /expected 3 fields as in the header on line 1, got 4/, line: 3, column: 10 } },
  { name: 'CSV with an unterminated quote', ranking: 'id,score,rel\n"d1,0.5,3\n', expect: { error: /expected a closing quote for the quoted cell that opens here/, line: 2, column: 1, code: 'unclosed-quote' } },
  { name: 'CSV without a grade column', ranking: 'id,score\nd1,0.9\n', expect: { error: /expected a grade column/, line: 1, column: 1 } },
  { name: 'CSV with a header only', ranking: 'id,score,rel\n', expect: { error: /expected rows after the header on line 1/, line: 0 } },
  { name: 'CSV with an empty id', ranking: 'id,rel\n,3\n', expect: { error: /expected an id, got an empty field/, line: 2, column: 1 } },
  { name: 'CSV ids with commas and quotes', ranking: 'id,score,rel\n"d,1",0.5,3\n"d""2",0.4,1\n', expect: { result: { n: 2, ids: ['d,1', 'd"2'], ndcg: 1 } } },
  { name: 'CSV: a quoted cell across lines', ranking: 'id,score,rel,note\r\nd1,0.9,3,"two\r\nlines, ""quoted"""\r\nd2,0.8,1,x\r\n', expect: { result: { n: 2, ids: ['d1', 'd2'], ndcg: 1 } } },
  { name: 'CSV: an id across lines', ranking: 'id,rel\nd1,0\n"a\nb",1\n', expect: { error: /expected an id on one line, got "a\\x0ab"/, line: 3, column: 1, code: 'bad-input' } },
  { name: 'CSV: a quote inside an unquoted cell is a character', ranking: 'id,score,rel\nd"1,0.9,3\nd2,0.8,1\n', expect: { result: { n: 2, ids: ['d"1', 'd2'], ndcg: 1 } } },
  { name: 'CSV: text after a quoted cell', ranking: 'id,score,rel\n"d1" x,0.9,3\n', expect: { error: /expected a separator or the line's end after a quoted cell, got "x"/, line: 2, column: 6, code: 'bad-input' } },
  { name: 'CSV: a quote that never closes, many lines on', ranking: 'id,score,rel\nd1,0.9,3\n"d2,0.8,1\nd3,0.7,0\nd4,0.6,0\n', expect: { error: /expected a closing quote for the quoted cell that opens here, got the end of the input/, line: 3, column: 1, code: 'unclosed-quote' } },
  { name: 'CSV: a header with one known column name', ranking: 'rel,note\n3,x\n1,y\n', expect: { result: { n: 2, rels: [3, 1], format: 'csv' } } },
  { name: 'a header naming only score and rel', ranking: 'score,rel\n0.1,3\n0.9,1\n', expect: { result: { n: 2, rels: [1, 3], format: 'csv' } } },
  { name: 'TSV with subtopics', ranking: 'id\tscore\trel\tsubtopics\nd1\t0.9\t1\ta;b\nd2\t0.8\t1\tb\nd3\t0.7\t1\tc\n',
    expect: { result: { n: 3, format: 'tsv', ndcg: 1, metrics: { alphaNdcg: 0.9772764758652748 } } } },
  { name: 'a Markdown table row', ranking: '| rel | 3 | 2 | 0 |\n', expect: { result: { n: 3, rels: [3, 2, 0] } } },
  // An empty cell between two separators is a mistake to name, not a cell to skip;
  // the frame of a row ("| 3 |", a trailing comma, an empty corner cell) is not a cell.
  { name: 'an empty cell in a grade list', ranking: '3,,2\n', expect: { error: /expected a grade \(a number\), got an empty field/, line: 1, column: 3 } },
  { name: 'an empty cell in a Markdown row', ranking: '| rel | 3 |  | 2 |\n', expect: { error: /got an empty field/, line: 1, column: 14 } },
  { name: 'an empty cell between full-width commas', ranking: '3\uFF0C\uFF0C2', expect: { error: /got an empty field/, line: 1, column: 5 } },
  { name: 'an empty cell in id/grade lines', ranking: 'd1,,3\nd2,,1\n', expect: { error: /expected a value between the separators, got an empty field/, line: 1, column: 4 } },
  { name: 'a trailing comma and an empty corner cell are frame', ranking: '|  | 1 | 2 |\n| rel | 3 | 2, |\n', expect: { result: { n: 2, rels: [3, 2] } } },
  { name: 'an id/grade line with an extra field', ranking: 'd1 3\nd2 2 7\n', expect: { error: /expected 2 fields \(id grade\), got 3/, line: 2, column: 6 } },
  { name: 'an id/score/grade line missing a field', ranking: 'd1 0.9 3\nd2 1\n', expect: { error: /expected 3 fields \(id score grade\), got 2/, line: 2, column: 5 } },
  { name: 'mixed formats: grades, then an id/score/grade line', ranking: '3 2 1\nd1 0.5 2\n',
    expect: { error: /expected one ranking in one format, got a row labelled "d1" and a row of bare grades/, line: 2, column: 1 } },
  { name: 'mixed formats: an id/score/grade line, then grades', ranking: 'd1 0.5 2\n3 2 1\n',
    expect: { error: /expected one ranking in one format/, line: 2, column: 1 } },
  { name: 'mixed formats: a run line, then a qrels line', ranking: 'q1 Q0 d1 1 0.9 r\nq1 0 d2 1\n',
    expect: { error: /expected 6 fields \(qid Q0 docid rank score tag\), got 4 \(is this qrels\?\)/, line: 2, column: 10 } },
  { name: 'a run of two queries', ranking: 'q1 Q0 d1 1 0.9 r\nq2 Q0 d2 1 0.8 r\n', expect: { error: /expected one query, got 2 \(q1, q2\): explain reads one ranking, so pick one \(--query q1\)/, line: 2, column: 1 } },
  { name: 'a run without judgments', ranking: 'q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 0.8 r\n', expect: { error: /has no grades .*give judgments/, line: 0 } },
  { name: 'a CSV of two queries is never pooled', ranking: 'query_id,doc_id,score,rel\nq1,d1,0.2,1\nq2,d3,0.9,2\n',
    expect: { error: /expected one query, got 2 \(q1, q2\)/, line: 3, column: 1 } },
  { name: 'ten thousand queries in one CSV', ranking: once(() => `qid,docno,rel\n${Array.from({ length: 10000 }, (_, i) => `q${i},d,1`).join('\n')}\n`),
    expect: { error: /expected one query, got 10000 \(q0, q1, q2, q3, q4, \.\.\.\)/, line: 3, column: 1 } },
  { name: 'a query asked of a grade list', ranking: '3 2 1', args: ['--query', 'q1'], options: { query: 'q1' },
    expect: { error: /expected query "q1" in the ranking, got an input without query ids/, line: 0 } },
  { name: 'columns that name nothing', ranking: 'd1 3\n', args: ['--columns', 'doc,<b>'], options: { columns: 'doc,<b>' },
    expect: { error: /expected a column name .*got "<b>"/, line: 0 } },
  { name: 'columns naming one role twice', ranking: 'd1 3 2\n', args: ['--columns', 'doc,rel,grade'], options: { columns: 'doc,rel,grade' },
    expect: { error: /expected one rel column, got a second one/, line: 0 } },
  { name: 'columns fewer than the fields', ranking: 'd1 3 2\n', args: ['--columns', 'doc,rel'], options: { columns: 'doc,rel' },
    expect: { error: /expected 2 fields as the columns doc,rel, got 3/, line: 1, column: 6 } },

  // ---- ids: duplicates, HTML, script -----------------------------------------------------
  { name: 'duplicate ids in id/grade lines', ranking: 'd1 3\nd1 2\n', expect: { error: /expected each id once in the ranking, got "d1" again \(first on line 1\)/, line: 2, column: 1 } },
  { name: 'duplicate ids in CSV', ranking: 'id,rel\nd1,3\nd2,1\nd1,2\n', expect: { error: /got "d1" again/, line: 4, column: 1 } },
  { name: 'duplicate docids in judgments', ranking: 'q1 Q0 d1 1 0.9 r\n', judgments: 'q1 0 d1 3\nq1 0 d1 2\n',
    expect: { error: /expected one judgment per docid, got "d1" again/, line: 2, column: 6, source: 'judgments' } },
  { name: 'a judged grade above the preset\'s largest', ranking: 'd1 0.5 3\nd2 0.4 1\n', judgments: 'q1 0 d1 3\nq1 0 d2 1\nq1 0 d9 7\n',
    args: ['--preset', 'gdeval'], options: { preset: 'gdeval' },
    expect: { error: /grade 7 is above the largest allowed grade 4/, line: 3, column: 9, source: 'judgments' } },
  { name: 'a run judged by qrels, with a relevant document never retrieved', ranking: 'd1 0.5 1\nd2 0.4 1\n', judgments: 'd1 3\nd9 2\n',
    args: ['--ideal', 'judgments'], options: { ideal: 'judgments' },
    expect: { result: { n: 2, ids: ['d1', 'd2'], rels: [3, 0], dcg: 7, idcg: 7 + 3 / Math.log2(3), hasJudgments: true, missedIds: ['d9'] } } },
  { name: 'HTML in the id of a judged document never retrieved', ranking: 'd1 0.5\n', judgments: 'd1 3\n<img/src=x/onerror=alert(1)> 1\n',
    page: 'the missed ids render as text (tests/browser/trec-mode.test.mjs)',
    expect: { result: { n: 1, dcg: 7, hasJudgments: true, missedIds: ['<img/src=x/onerror=alert(1)>'] } } },
  { name: 'HTML and script in ids', ranking: '<script>alert(1)</script> 3\n<img/src=x/onerror=alert(1)> 2\n',
    page: 'ids render as text: no element is created, no script runs',
    expect: { result: { n: 2, ids: ['<script>alert(1)</script>', '<img/src=x/onerror=alert(1)>'], ndcg: 1 } } },
  { name: 'HTML, quotes and backslashes in CSV ids', ranking: 'id,score,rel\n<b>x</b>,0.5,3\n"<a href=""javascript:alert(1)"">\\</a>",0.4,1\n',
    page: 'ids render as text',
    expect: { result: { n: 2, ids: ['<b>x</b>', '<a href="javascript:alert(1)">\\</a>'] } } },
  { name: 'a script in the URL hash', ranking: '<script>alert(1)</script>', page: 'index.html#grades=<script>alert(1)</script>: an error shown as text, no script runs',
    expect: { error: /expected a grade \(a number\), got "<script>alert\(1\)<\/script>"/, line: 1, column: 1 } },
  { name: 'a javascript: address as the embed page\'s full calculator', ranking: '3 2 0',
    page: 'embed.html#grades=3,2,0&full=javascript:alert(1): its "full calculator" link stays hidden (only http(s) or relative addresses are taken; tests/browser/trust.test.mjs)',
    expect: { result: { n: 3 } } },
  { name: 'prototype keys as ids', ranking: '__proto__ 3\nconstructor 2\ntoString 1\n',
    expect: { result: { n: 3, ids: ['__proto__', 'constructor', 'toString'], ndcg: 1 } } },

  // ---- trec --------------------------------------------------------------------------------
  { name: 'trec: a plain run', kind: 'trec', qrels: 'q1 0 d1 3\nq1 0 d2 0\nq2 0 d1 1\n', run: 'q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 0.8 r\nq2 Q0 d3 1 0.5 r\n',
    args: ['-m', 'ndcg', '-m', 'P.5'], options: { measures: ['ndcg', 'P.5'] },
    expect: { result: { mean: { ndcg: 0.5, P_5: 0.1 }, perQuery: { q1: { ndcg: 1, P_5: 0.2 }, q2: { ndcg: 0, P_5: 0 } } } } },
  { name: 'trec: --tie-range on a query whose two documents tie', kind: 'trec', qrels: 'q1 0 d1 2\nq1 0 d2 0\n',
    run: 'q1 Q0 d1 1 1 r\nq1 Q0 d2 2 1 r\n', args: ['--tie-range', '-m', 'P.1'], options: { measures: ['P.1'], tieRange: true },
    expect: { result: { mean: { P_1: 0, 'P_1:ties': 1, 'P_1:worst': 0, 'P_1:best': 1 } } } },
  { name: 'trec --ci: nine queries at 0 and one at 1, the interval [0, 0.3]', kind: 'trec',
    qrels: Array.from({ length: 10 }, (_, q) => `q${q} 0 d1 1\n`).join(''),
    run: Array.from({ length: 10 }, (_, q) => `q${q} Q0 ${q === 3 ? 'd1' : 'x'} 1 1 r\n`).join(''),
    args: ['--ci', '-m', 'P.1', '-m', 'num_ret'], options: { ci: true, measures: ['P.1', 'num_ret'] },
    cli: { result: { mean: { P_1: 0.1, num_ret: 10 } } },
    expect: { result: { mean: { P_1: 0.1 }, ci95: { P_1: [0, 0.3] }, ciQueries: { P_1: 10 } } } },
  { name: 'trec --ci: one query, the interval withheld', kind: 'trec', qrels: 'q1 0 d1 1\n', run: 'q1 Q0 d1 1 1 r\n',
    args: ['--ci', '-m', 'map'], options: { ci: true, measures: ['map'] },
    cli: { result: { mean: { map: 1 } } }, expect: { result: { ci95: { map: [null, null] }, ciQueries: { map: 1 } } } },
  { name: 'trec --ci: zero trials', kind: 'trec', qrels: 'q1 0 d1 1\n', run: 'q1 Q0 d1 1 1 r\n',
    args: ['--ci', '--trials', '0'], options: { ci: true, trials: 0 },
    expect: { error: /trials takes a whole number from 1 to 1000000, got "0"/, line: 0, code: 'out-of-range' } },
  { name: 'trec: qrels and run with no common query', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q2 Q0 d1 1 0.9 r\n',
    expect: { error: /no query is in both the run and the qrels/, line: 0, code: 'no-common-query' } },
  { name: 'trec: a qrels query missing from the run, --strict', kind: 'trec', qrels: 'q1 0 d1 3\nq2 0 d1 1\n', run: 'q2 Q0 d1 1 0.9 r\n',
    args: ['--strict'], options: { strict: true },
    expect: { error: /query "q1" is in the qrels \(line 1\) but not in the run/, line: 1, column: 1, source: 'qrels', code: 'missing-query' } },
  { name: 'trec: inconsistent preferences (-R prefs)', kind: 'trec', qrels: 'q u s1 a 2\nq u s1 b 1\nq u s2 b 2\nq u s2 a 1\n',
    run: 'q Q0 a 1 0.9 r\n', args: ['-R', 'prefs', '-m', 'prefs_simp'], options: { judgments: 'prefs', measures: ['prefs_simp'] },
    expect: { error: /inconsistent preferences in group "u"/, source: 'qrels' } },
  { name: 'trec: a preference level that is not a number (-R prefs)', kind: 'trec', qrels: 'q u s a high\n',
    run: 'q Q0 a 1 0.9 r\n', args: ['-R', 'prefs', '-m', 'prefs_simp'], options: { judgments: 'prefs', measures: ['prefs_simp'] },
    expect: { error: /a preference level \(a number\)/, line: 1, column: 9, source: 'qrels' } },
  { name: 'trec: a docid twice in one judgment group (-R qrels_jg)', kind: 'trec', qrels: 'q 1 a 1\nq 2 a 0\nq 1 a 0\n',
    run: 'q Q0 a 1 0.9 r\n', args: ['-R', 'qrels_jg', '-m', 'map_avgjg'], options: { judgments: 'qrels_jg', measures: ['map_avgjg'] },
    expect: { error: /again in query "q" \(first on line 1\)/, line: 3, column: 5, source: 'qrels', code: 'duplicate-id' } },
  { name: 'trec: a measure that reads other judgments than -R gives', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['-m', 'prefs_simp'], options: { measures: ['prefs_simp'] }, expect: { error: /reads -R prefs or -R qrels_prefs/, line: 0 } },
  { name: 'trec: an unknown judgment format', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['-R', 'trec_xml'], options: { judgments: 'trec_xml' }, expect: { error: /trec_xml/, line: 0, code: 'unknown-choice' } },
  { name: 'trec: -M below 0', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['-M', '-5'], options: { maxDocs: -5 }, expect: { error: /-5/, line: 0 } },
  { name: 'trec: no common query, complete', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q2 Q0 d1 1 0.9 r\n',
    args: ['-c', '-m', 'ndcg'], options: { complete: true, measures: ['ndcg'] }, expect: { result: { mean: { ndcg: 0 }, perQuery: { q1: { ndcg: 0 } } } } },
  { name: 'trec: columns after the tag of a run line (ignored, as trec_eval ignores them)', kind: 'trec', qrels: 'q1 0 d1 1\nq1 0 d2 0\n',
    run: 'q1 Q0 d2 1 2 r extra 9\nq1 Q0 d1 2 1 r\tmore\n', args: ['-m', 'map'], options: { measures: ['map'] },
    expect: { result: { mean: { map: 0.5 }, perQuery: { q1: { map: 0.5 } } } } },
  { name: 'trec: empty qrels', kind: 'trec', qrels: '', run: 'q1 Q0 d1 1 0.9 r\n', expect: { error: /the qrels have no judgments/, line: 0 } },
  { name: 'trec: empty run', kind: 'trec', qrels: 'q1 0 d1 3\n', run: '', expect: { error: /no query is in both the run and the qrels/, line: 0 } },
  { name: 'trec: qrels and run swapped', kind: 'trec', qrels: 'q1 Q0 d1 1 0.9 r\n', run: 'q1 0 d1 3\n',
    expect: { error: /expected 4 fields \(qid iter docid rel\), got 6 \(is this a run\?\)/, line: 1, column: 12, source: 'qrels' } },
  { name: 'trec: a docid twice in a query of the run', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\nq1 Q0 d1 2 0.8 r\n',
    expect: { error: /expected each docid once per query, got "d1" again in query "q1" \(first on line 1\)/, line: 2, column: 7, source: 'run' } },
  { name: 'trec: NaN score', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 NaN r\n', expect: { error: /"NaN", which is not a finite number/, line: 1, column: 12, source: 'run' } },
  { name: 'trec: a fractional judgment', kind: 'trec', qrels: 'q1 0 d1 1.5\n', run: 'q1 Q0 d1 1 0.9 r\n', expect: { error: /an integer/, line: 1, column: 9 } },
  { name: 'trec: a judgment out of range', kind: 'trec', qrels: 'q1 0 d1 99999999999999999999\n', run: 'q1 Q0 d1 1 0.9 r\n',
    expect: { error: /out of range/, line: 1, column: 9 } },
  { name: 'trec: a judgment whose 2^rel overflows', kind: 'trec', qrels: 'q1 0 d1 2000\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['--gain', 'exp'], options: { gain: 'exp' }, expect: { error: /grade 2000 gives a gain that is not finite/, line: 1, column: 6 } },
  { name: 'trec: an unknown measure', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n', args: ['-m', 'ndgc'], options: { measures: ['ndgc'] },
    expect: { error: /unknown measure "ndgc"/, line: 0 } },
  { name: 'trec: ir_measures names, keyed as given, rel= for its measure alone', kind: 'trec', qrels: 'q1 0 d1 1\nq1 0 d2 2\n',
    run: 'q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 0.8 r\n', args: ['-m', 'P@1', '-m', 'P(rel=2)@1'], options: { measures: ['P@1', 'P(rel=2)@1'] },
    expect: { result: { mean: { 'P@1': 1, 'P(rel=2)@1': 0 }, perQuery: { q1: { 'P@1': 1, 'P(rel=2)@1': 0 } } } } },
  { name: 'trec: an ir_measures parameter trec_eval lacks', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['-m', "nDCG(dcg='exp-log2')@10"], options: { measures: ["nDCG(dcg='exp-log2')@10"] },
    expect: { error: /parameter dcg='exp-log2' in "nDCG\(dcg='exp-log2'\)@10" has no trec_eval counterpart/, line: 0 } },
  { name: 'trec: an ir_measures name without its closing parenthesis', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['-m', 'P(rel=2@5'], options: { measures: ['P(rel=2@5'] }, expect: { error: /expected NAME\(param=value, \.\.\.\)@cutoff in "P\(rel=2@5"/, line: 0 } },
  { name: 'trec: a terminal escape in an ir_measures parameter', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['-m', 'P(rel\u001b[2J=2)@5'], options: { measures: ['P(rel\u001b[2J=2)@5'] },
    expect: { error: /parameter "rel\\x1b\[2J" of P has no trec_eval counterpart/, line: 0 } },
  { name: 'trec: nested braces in ir_measures gains', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['-m', 'nDCG(gains={' + '{'.repeat(5000) + '}' + '}'.repeat(5000) + ')@10'],
    options: { measures: ['nDCG(gains={' + '{'.repeat(5000) + '}' + '}'.repeat(5000) + ')@10'] }, expect: { error: /expected gains as grade:gain/, line: 0 } },
  { name: 'trec: a cutoff of 10^12', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['-m', 'ndcg_cut.1000000000000'], options: { measures: ['ndcg_cut.1000000000000'] }, expect: { result: { mean: { ndcg_cut_1000000000000: 1 } } } },
  { name: 'trec: a NUL byte in the run', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\u0000\n', expect: { error: /NUL byte/, line: 1, column: 17, source: 'run' } },
  { name: 'trec: BOM and CRLF', kind: 'trec', qrels: '\uFEFFq1 0 d1 3\r\nq1 0 d2 1\r\n', run: '\uFEFFq1 Q0 d2 1 0.9 r\r\nq1 Q0 d1 2 0.8 r\r\n',
    args: ['-m', 'ndcg'], options: { measures: ['ndcg'] }, expect: { result: { mean: { ndcg: (1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3)) } } } },
  { name: 'trec: HTML in qids and docids', kind: 'trec', qrels: '<b>q</b> 0 <i>d</i> 1\n', run: '<b>q</b> Q0 <i>d</i> 1 0.9 <script>\n',
    args: ['-m', 'ndcg'], options: { measures: ['ndcg'] }, expect: { result: { mean: { ndcg: 1 }, perQuery: { '<b>q</b>': { ndcg: 1 } } } } },
  { name: 'trec: a relevance level that is not a number', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['-l', 'x'], options: { relevanceLevel: 'x' },
    expect: { error: /relevance_level takes a finite number, got "x"/, line: 0, code: 'not-a-number' } },
  { name: 'trec: a relevance level below 0', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['-l', '-1'], options: { relevanceLevel: -1 },
    expect: { error: /the relevance level must be 0 or more, got -1/, line: 0, code: 'out-of-range' } },
  { name: 'trec: a relevance level of the wrong type', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    // Python turns a list of numbers into one comma-separated word, which is the level 2 here.
    options: { relevanceLevel: [2] }, cli: null, py: null, expect: { error: /relevanceLevel/, code: 'bad-type', line: 0 } },
  { name: 'trec: an option of the wrong type', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n', options: { gain: 5 }, cli: null,
    expect: { error: /gain/, code: 'bad-type', line: 0 },
    py: { error: /gain takes one of exp, linear, table, got "5"/, code: 'unknown-choice', line: 0 } },

  { name: 'trec --tie-range: two documents tied, the relevant one named lower', kind: 'trec', api: null,
    qrels: 'q1 0 a 1\nq1 0 b 0\nq2 0 c 2\n', run: 'q1 Q0 b 1 5 r\nq1 Q0 a 2 5 r\nq2 Q0 c 1 3 r\n',
    args: ['--tie-range', '-m', 'recip_rank'],
    expect: { result: { mean: { recip_rank: 0.75, 'recip_rank:ties': 1, 'recip_rank:worst': 0.75, 'recip_rank:best': 1 },
      perQuery: { q1: { recip_rank: 0.5, 'recip_rank:worst': 0.5, 'recip_rank:best': 1 } } } } },

  // ---- compare ------------------------------------------------------------------------------
  { name: 'compare: two small runs', kind: 'compare', qrels: 'q1 0 d1 1\nq2 0 d1 1\nq3 0 d1 1\n',
    runs: ['q1 Q0 d1 1 2 a\nq1 Q0 x 2 1 a\nq2 Q0 x 1 2 a\nq2 Q0 d1 2 1 a\nq3 Q0 x 1 1 a\n', 'q1 Q0 d1 1 2 b\nq2 Q0 d1 1 2 b\nq3 Q0 d1 1 1 b\n'],
    args: ['-m', 'recip_rank'], options: { measures: ['recip_rank'] },
    expect: { result: { count: 1, first: { meanA: 0.5, meanB: 1, diff: 0.5, wins: 2, losses: 0, ties: 1, pSign: 0.5, pRandomization: 0.5 } } } },
  { name: 'compare: a run against itself', kind: 'compare', qrels: 'q1 0 d1 1\nq2 0 d2 2\n', runs: ['q1 Q0 d1 1 2 a\nq2 Q0 d1 1 2 a\n', 'q1 Q0 d1 1 2 a\nq2 Q0 d1 1 2 a\n'],
    args: ['-m', 'ndcg'], options: { measures: ['ndcg'] },
    expect: { result: { count: 1, first: { diff: 0, ties: 2, pTtest: null, pSign: 1, pRandomization: 1, ci95: [null, null], interval: 'withheld' } } } },  // two queries: no interval
  { name: 'compare: one run only', kind: 'compare', qrels: 'q1 0 d1 1\n', runs: ['q1 Q0 d1 1 2 a\n'],
    cli: { error: /expected QRELS and two runs or more, got 2 files/, line: 0 }, expect: { error: /compare needs two runs or more, got 1/, line: 0, code: 'bad-input' } },
  { name: 'compare: NaN score in the second run', kind: 'compare', qrels: 'q1 0 d1 1\n', runs: ['q1 Q0 d1 1 2 a\n', 'q1 Q0 d1 1 NaN b\n'],
    expect: { error: /"NaN", which is not a finite number/, line: 1, column: 12, source: 'run' } },
  { name: 'compare: a judged query missing from a run', kind: 'compare', qrels: 'q1 0 d1 1\nq2 0 d1 1\n', runs: ['q1 Q0 d1 1 2 a\nq2 Q0 d1 1 2 a\n', 'q1 Q0 d1 1 2 b\n'],
    expect: { error: /query "q2" is in the qrels \(line 2\) but not in the run; -c scores such queries 0 \(run "/, line: 2, column: 1 } },
  { name: 'compare: a bad score in the third run (the page’s run C)', kind: 'compare', qrels: 'q1 0 d1 1\n',
    runs: ['q1 Q0 d1 1 2 a\n', 'q1 Q0 d1 1 2 b\n', 'q1 Q0 d1 1 2 c\nq1 Q0 d2 2 x c\n'],
    expect: { error: /expected a score \(a number\), got "x"/, line: 2, column: 12, source: 'run' } },
  { name: 'compare: three runs, every pair', kind: 'compare', qrels: 'q1 0 d1 1\nq2 0 d1 1\n',
    runs: ['q1 Q0 d1 1 2 a\nq2 Q0 x 1 2 a\n', 'q1 Q0 x 1 2 b\nq2 Q0 d1 1 2 b\n', 'q1 Q0 d1 1 2 c\nq2 Q0 d1 1 2 c\n'],
    args: ['--all-pairs', '-m', 'recip_rank'], options: { allPairs: true, measures: ['recip_rank'] },
    expect: { result: { count: 3, first: { meanA: 0.5, meanB: 0.5, wins: 1, losses: 1, ties: 0 } } } },
  { name: 'compare: a CSV run and a JSON Lines run, read as records', kind: 'compare', qrels: 'q1 0 d1 1\nq2 0 d1 1\nq3 0 d1 1\n',
    runs: ['qid,docid,score\nq1,d1,2\nq1,x,1\nq2,x,2\nq2,d1,1\nq3,x,1\n',
      '{"qid": "q1", "doc": "d1", "score": 2}\n{"qid": "q2", "doc": "d1", "score": 2}\n{"qid": "q3", "doc": "d1", "score": 1}\n'],
    args: ['-m', 'recip_rank'], options: { measures: ['recip_rank'] },
    expect: { result: { count: 1, first: { meanA: 0.5, meanB: 1, diff: 0.5, wins: 2, losses: 0, ties: 1 } } } },
  { name: 'compare: a CSV second run whose query comes back, with a doc twice', kind: 'compare', qrels: 'a 0 d1 1\n',
    runs: ['a Q0 d1 1 2 r\n', 'qid,docid,score\na,d1,2\nb,d1,1\na,d1,1\n'],
    expect: { error: /expected each docid once per query, got "d1" again in query "a" \(first on line 2\)/, line: 4, column: 3, source: 'run', code: 'duplicate-id' } },
  { name: 'compare: zero trials', kind: 'compare', qrels: 'q1 0 d1 1\n', runs: ['q1 Q0 d1 1 2 a\n', 'q1 Q0 d1 1 2 b\n'],
    args: ['--trials', '0'], options: { trials: 0 }, expect: { error: /trials takes a whole number from 1 to 1000000, got "0"/, line: 0, code: 'out-of-range' } },
  { name: 'compare: an unknown adjusted test', kind: 'compare', qrels: 'q1 0 d1 1\n', runs: ['q1 Q0 d1 1 2 a\n', 'q1 Q0 d1 1 2 b\n'],
    args: ['--holm-test', 'bonferroni'], options: { holmTest: 'bonferroni' }, expect: { error: /holm_test takes one of ttest, wilcoxon, sign, randomization, got "bonferroni"/, line: 0, code: 'unknown-choice' } },
  { name: 'compare: an unknown CSV table', kind: 'compare', qrels: 'q1 0 d1 1\n', runs: ['q1 Q0 d1 1 2 a\n', 'q1 Q0 d1 1 2 b\n'],
    args: ['--format', 'csv', '--table', 'all'], options: { format: 'csv', table: 'all' },
    expect: { error: /table takes one of comparisons, tie_ranges, per_query, got "all"/, line: 0, code: 'unknown-choice' } },
  { name: 'compare: the most trials on 100 queries', kind: 'compare', timeoutMs: 60000,
    qrels: Array.from({ length: 100 }, (_, q) => `q${q} 0 d1 1\n`).join(''),
    runs: [0, 1].map((r) => Array.from({ length: 100 }, (_, q) => `q${q} Q0 ${(q * 7 + r) % 3 ? 'x' : 'd1'} 1 2 r\nq${q} Q0 z 2 1 r\n`).join('')),
    args: ['-m', 'recip_rank', '--trials', '1000000'], options: { measures: ['recip_rank'], trials: 1000000 },
    expect: { result: { count: 1, first: { queries: 100 } } } },
  { name: 'compare: a terminal escape and HTML in run names', kind: 'compare', qrels: 'q1 0 d1 1\n', runs: ['q1 Q0 d1 1 2 a\n', 'q1 Q0 d1 1 2 b\n'],
    args: ['-m', 'map', '--names', '\u001b[2J<b>', '--names', 'b'], options: { measures: ['map'], names: ['\u001b[2J<b>', 'b'] },
    expect: { result: { count: 1, first: { runA: '\u001b[2J<b>', runB: 'b' } } } },
  { name: 'trec: no -m gives trec_eval\'s default measures', kind: 'trec', qrels: 'q1 0 d1 3\nq1 0 d2 0\nq2 0 d1 1\n',
    run: 'q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 0.8 r\nq2 Q0 d3 1 0.5 r\n',
    // q1 finds its one relevant document first, q2 finds nothing: gm_map = sqrt(1 * 0.00001).
    expect: { result: { mean: { num_q: 2, map: 0.5, gm_map: Math.sqrt(0.00001), Rprec: 0.5, bpref: 0.5, recip_rank: 0.5,
      'iprec_at_recall_0.00': 0.5, 'iprec_at_recall_1.00': 0.5, P_5: 0.1, P_1000: 0.0005 },
    perQuery: { q1: { bpref: 1, 'iprec_at_recall_0.50': 1 }, q2: { bpref: 0, Rprec: 0 } } } } },
  { name: 'trec: queries interleaved in the run', kind: 'trec', qrels: 'q1 0 d1 1\nq2 0 d2 1\n',
    run: 'q1 Q0 d9 1 0.9 r\nq2 Q0 d2 1 0.9 r\nq1 Q0 d1 2 0.8 r\n', args: ['-m', 'recip_rank'], options: { measures: ['recip_rank'] },
    expect: { result: { mean: { recip_rank: 0.75 }, perQuery: { q1: { recip_rank: 0.5 }, q2: { recip_rank: 1 } } } } },
  { name: 'trec: subtopic qrels given as the qrels too', kind: 'trec', qrels: 'q s1 a 1\nq s2 a 1\nq s1 b 0\n',
    subtopics: 'q s1 a 1\nq s2 a 1\nq s1 b 0\n', run: 'q Q0 b 1 2 r\nq Q0 a 2 1 r\n',
    args: ['-m', 'alpha_ndcg_cut.5', '-m', 'recip_rank'], options: { measures: ['alpha_ndcg_cut.5', 'recip_rank'] },
    expect: { result: { mean: { recip_rank: 0.5, alpha_ndcg_cut_5: 1 / Math.log2(3) } } } },
  { name: 'trec -Z: a mean that is not a number', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    zscores: 'q1 map 0.5 0.25\nq1 P_5 x 1\n', args: ['-m', 'map'], options: { measures: ['map'] },
    expect: { error: /expected a number, got "x"/, line: 2, column: 8, code: 'not-a-number' } },
  { name: 'trec -Z: z-scores named as trec_eval prints them', kind: 'trec', qrels: 'q1 0 d1 3\nq1 0 d2 1\n',
    run: 'q1 Q0 d1 1 0.9 r\n', zscores: 'q1 map 0.25 0.25\nq1 num_ret 3 2\n', args: ['-m', 'map', '-m', 'num_ret'],
    options: { measures: ['map', 'num_ret'] },
    // map 0.5 against 0.25 +- 0.25: 1; num_ret 1 against 3 +- 2: -1, no longer a count.
    expect: { result: { mean: { Zmap: 1, Znum_ret: -1 }, perQuery: { q1: { Zmap: 1, Znum_ret: -1 } } } } },
  { name: 'trec: a bad recall level', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['-m', 'iprec_at_recall.x'], options: { measures: ['iprec_at_recall.x'] }, expect: { error: /bad value "x"/, line: 0 } },

  // ---- merging per-query outputs (`ndcg trec --merge`, Python's merge()) ------------------
  ...[
    { name: 'merge: two shards with no query in common', parts: ['map\tq1\t0.5\nnum_ret\tq1\t3\nnum_q\tall\t1\n',
      'map            \tq2\t0.25\nnum_ret\tq2\t1\nnum_q\tall\t1\n'],
      expect: { result: { mean: { map: 0.375, num_ret: 4, num_q: 2 }, perQuery: { q1: { map: 0.5 }, q2: { map: 0.25 } } } } },
    { name: 'merge: a query in two shards', parts: ['map\tq1\t0.5\n', 'map\tq1\t0.25\n'],
      expect: { error: /query "q1" has a second "map" line: each query must be in one shard only/, line: 1, column: 5 } },
    { name: 'merge: an unknown measure in a shard', parts: ['map\tq1\t0.5\n', 'mapp\tq2\t0.25\n'],
      expect: { error: /unknown measure "mapp" in a per-query output/, line: 1, column: 1 } },
    { name: 'merge: a value that is not a number', parts: ['map\tq1\t0.5\n', 'map\tq2\tx\n'],
      expect: { error: /expected a number, got "x"/, line: 1, column: 8 } },
    { name: 'merge: a line that is not measure, query and value', parts: ['map q1 0.5\n'],
      expect: { error: /expected "measure<TAB>query<TAB>value"/, line: 1, column: 1 } },
  ].map((c) => ({ kind: 'merge', api: null, py: c.expect, ...c })),

  // ---- Python's drop-ins (ndcg_calc.sklearn, .xgboost, .lightgbm): Python only ---------------
  // function names the call; args its positional arguments; options its keywords. The sklearn
  // functions raise what scikit-learn 1.2 raises (type: its class), with its message.
  ...[
    { name: 'sklearn: ndcg_score of a 1-D input', function: 'ndcg_score', args: [[1, 0, 2], [0.1, 0.2, 0.3]],
      expect: { error: /^Only \('multilabel-indicator', 'continuous-multioutput', 'multiclass-multioutput'\) formats are supported\. Got multiclass instead$/, type: 'ValueError' } },
    { name: 'sklearn: ndcg_score of one document per row', function: 'ndcg_score', args: [[[1], [0]], [[0.5], [0.2]]],
      expect: { error: /Got binary instead/, type: 'ValueError' } },
    { name: 'sklearn: ndcg_score with NaN in y_score', function: 'ndcg_score', args: [[[1, 0]], [[NaN, 0.2]]],
      expect: { error: /^Input contains NaN\.$/, type: 'ValueError' } },
    { name: 'sklearn: dcg_score of text labels', function: 'dcg_score', args: [[['a', 'b']], [[1, 2]]],
      expect: { error: /dtype='numeric' is not compatible with arrays of bytes\/strings/, type: 'ValueError' } },
    { name: 'sklearn: ndcg_score of a 3-D input', function: 'ndcg_score', args: [[[[1, 2]]], [[1, 2]]],
      expect: { error: /^Found array with dim 3\. None expected <= 2\.$/, type: 'ValueError' } },
    { name: 'sklearn: rows that differ in number', function: 'ndcg_score', args: [[[1, 2], [3, 4]], [[1, 2]]],
      expect: { error: /^Found input variables with inconsistent numbers of samples: \[2, 1\]$/, type: 'ValueError' } },
    { name: 'sklearn: columns that differ in number', function: 'dcg_score', args: [[[1, 2, 3]], [[1, 2]]],
      expect: { error: /y_true and y_score have different shapes: \(1, 3\) and \(1, 2\)/, type: 'ValueError' } },
    { name: 'sklearn: a weight per row that is not one per row', function: 'ndcg_score', args: [[[1, 2]], [[1, 2]]],
      options: { sample_weight: [1, 2] }, expect: { error: /inconsistent numbers of samples: \[1, 1, 2\]/, type: 'ValueError' } },
    { name: 'sklearn: labels too large to add up', function: 'dcg_score', args: [[[1e308, 1e308, 1e308]], [[3, 2, 1]]],
      expect: { result: { value: Infinity } } },
    { name: 'sklearn: explain_row with k 0', function: 'explain_row', args: [[1, 0], [0.3, 0.1]], options: { k: 0 },
      expect: { error: /k: expected None or a whole number of 1 or more, got 0/, type: 'ValueError' } },
    { name: 'sklearn: explain_row with a negative label', function: 'explain_row', args: [[-1, 2], [0.3, 0.1]],
      expect: { error: /negative/, code: 'out-of-range' } },
    { name: 'xgboost: a metric of an unknown measure', function: 'xgboost.metric', args: [[1, 0, 2], [0.3, 0.2, 0.1], [3]],
      options: { measure: 'ndgc' }, expect: { error: /unknown measure "ndgc"/ } },
    { name: 'xgboost: group sizes that do not add up', function: 'xgboost.metric', args: [[1, 0, 2], [0.3, 0.2, 0.1], [2, 2]],
      expect: { error: /group sizes/ } },
    { name: 'lightgbm: a label that is not a whole number', function: 'lightgbm.feval', args: [[1.5, 0], [0.3, 0.2], [2]],
      expect: { error: /whole number|integer/ } },
    { name: 'lightgbm: a score that is not finite', function: 'lightgbm.feval', args: [[1, 0], [Infinity, 0.2], [2]],
      expect: { error: /finite|infinit/ } },
    { name: 'lightgbm: an feval with k -1', function: 'lightgbm.feval', args: [[1, 0], [0.3, 0.2], [2]], options: { k: -1 },
      expect: { error: /k: expected None or a whole number of 0 or more, got -1/, code: 'bad-type' } },
    { name: 'evaluator: threads that are not a number', function: 'evaluator', args: ['q 0 d 1\n', 'q Q0 d 1 1 r\n'],
      options: { threads: 'two' }, expect: { error: /incompatible function arguments/, type: 'TypeError' } },
    { name: 'evaluator: threads below 0 choose as 0 does', function: 'evaluator', args: ['q 0 d 1\n', 'q Q0 d 1 1 r\n'],
      options: { threads: -3 }, expect: { result: { value: 1 } } },
    { name: 'dask: qids as codes by their text (None, NaN and "" one empty id; 1 and "1" one)', function: 'dask.codes',
      args: [['q1', null, 'q2', 'q1', '', 1, '1', NaN, 'q😀']], expect: { result: { value: [0, 1, 2, 0, 1, 3, 3, 1, 4] } } },
    { name: 'dask: qids as codes, numbers (NaN one id)', function: 'dask.codes', args: [[2.5, NaN, 2.5, 7, NaN]],
      options: { dtype: 'float64' }, expect: { result: { value: [0, 1, 0, 2, 1] } } },
    { name: 'dask: qids as codes of a column of two dimensions', function: 'dask.codes', args: [[['a', 'b'], ['c', 'd']]],
      expect: { error: /column "ids": expected one contiguous dimension/, code: 'bad-type' } },
    { name: 'dask: ids as the core reads them (a float object as its str, NaN and None empty)', function: 'dask.texts',
      args: [[7.5, '7.5', null, NaN, '', 3, 'q😀']], expect: { result: { value: ['7.5', '7.5', '', '', '', '3', 'q😀'] } } },
    { name: 'dask: ids as the core reads them, numbers (shortest text; NaN empty)', function: 'dask.texts',
      args: [[7, NaN, 0.25, 1e22, Infinity]], options: { dtype: 'float64' }, expect: { result: { value: ['7', '', '0.25', '1e+22', 'inf'] } } },
    { name: 'dask: ids as the core reads them, of text that is not objects', function: 'dask.texts', args: [['a', 'b']],
      options: { dtype: 'U1' }, expect: { error: /expected float64, int64 or objects/, code: 'bad-type' } },
    // frames.columns: a run's columns as the core takes them (qid coded: [codes, categories]; docid
    // and score one value per row) against qrels q1/a 1, q2/a 2; its mean ndcg.
    { name: 'frames: a categorical qid as codes, -1 a missing cell', function: 'frames.columns',
      args: [[[0, 0, 1], ['q1', 'q2']], ['a', 'b', 'a'], [1, 0.5, 2]], expect: { result: { value: 1 } } },
    { name: 'frames: a code past the categories', function: 'frames.columns',
      args: [[[0, 2, 1], ['q1', 'q2']], ['a', 'b', 'a'], [1, 0.5, 2]], expect: { error: /codes from -1 to 1/, code: 'bad-type' } },
    { name: 'frames: a code below -1', function: 'frames.columns',
      args: [[[0, -7, 1], ['q1', 'q2']], ['a', 'b', 'a'], [1, 0.5, 2]], expect: { error: /codes from -1 to 1/, code: 'bad-type' } },
    { name: 'frames: codes into categories that are numbers, not objects', function: 'frames.columns',
      args: [[[0, 0, 1], [1.5, 2.5]], ['a', 'b', 'a'], [1, 0.5, 2]], options: { categories: 'float64' },
      expect: { error: /codes into an array of objects/, code: 'bad-type' } },
    { name: 'frames: codes wider than int32', function: 'frames.columns',
      args: [[[0, 0, 1], ['q1', 'q2']], ['a', 'b', 'a'], [1, 0.5, 2]], options: { codes: 'int64' },
      expect: { error: /int32 codes/, code: 'bad-type' } },
    { name: 'frames: a missing qid (code -1) on the second row', function: 'frames.columns',
      args: [[[0, -1, 1], ['q1', 'q2']], ['a', 'b', 'a'], [1, 0.5, 2]], expect: { error: /query id/, code: 'bad-input', line: 3, column: 1 } },
    { name: 'frames: a column shorter than the ones before it', function: 'frames.columns',
      args: [[[0, 0, 1], ['q1', 'q2']], ['a', 'b'], [1, 0.5, 2]], expect: { error: /expected 3 rows, as the columns before it/, code: 'bad-type' } },
  ].map((c) => ({ kind: 'python', cli: null, api: null, py: c.expect, ...c })),

  // ---- the command line only -------------------------------------------------------------
  { name: 'trec --merge of a file that does not exist', kind: 'cli', args: ['trec', '--merge', '/nonexistent/shard.eval'], api: null,
    expect: { error: /cannot read \/nonexistent\/shard.eval/, line: 0 } },
  { name: 'trec --merge of nothing', kind: 'cli', args: ['trec', '--merge'], api: null, expect: { error: /--merge needs the -q outputs/, line: 0 } },
  { name: 'trec with the run and the qrels both on standard input', kind: 'cli', args: ['trec', '-', '-'], api: null,
    expect: { error: /only one input can be standard input/, line: 0 } },
  { name: 'no command', kind: 'cli', args: [], api: null, expect: { error: /Usage:/, line: 0, lines: 'many' } },
  { name: 'an unknown command', kind: 'cli', args: ['explian'], api: null, expect: { error: /unknown command "explian"/, line: 0 } },
  { name: 'measures with a word after it', kind: 'cli', args: ['measures', 'map'], api: null, expect: { error: /takes no arguments, got "map"/, line: 0 } },
  { name: 'trec --help-measure without a name', kind: 'cli', args: ['trec', '--help-measure'], api: null, expect: { error: /--help-measure needs a measure's name/, line: 0 } },
  { name: 'trec --help-measure of an unknown measure with a terminal escape', kind: 'cli', args: ['trec', '--help-measure', 'map\u001b[2J'], api: null,
    expect: { error: /unknown measure "map\\x1b\[2J"/, line: 0 } },
  { name: 'a file that does not exist', kind: 'cli', args: ['explain', '-f', '/nonexistent/ranking.txt'], api: null, expect: { error: /cannot read \/nonexistent\/ranking.txt/, line: 0 } },
  { name: 'a directory as the ranking file', kind: 'cli', args: ['explain', '-f', '/'], api: null,
    expect: { error: /directory|cannot read/, line: 0 } },
  { name: 'an option without its value', kind: 'cli', args: ['explain', '3', '2', '--k'], api: null, expect: { error: /option "?--k"? needs a value/, line: 0 } },
  { name: 'grades as words and a file', kind: 'cli', args: ['explain', '-f', '-', '3', '2'], api: null, expect: { error: /not both/, line: 0 } },
  { name: 'grades as words with a bad one', kind: 'cli', args: ['explain', '3', 'two', '1'], api: null, expect: { error: /<arguments>:1:3: expected a grade \(a number\), got "two"/ } },
  { name: 'trec with one file that is not there', kind: 'cli', args: ['trec', 'only-one'], api: null, expect: { error: /cannot read only-one/, line: 0 } },
  { name: 'trec with three files', kind: 'cli', args: ['trec', 'a', 'b', 'c'], api: null, expect: { error: /expected two files, QRELS and RUN, got 3/, line: 0 } },
  { name: 'a line break inside an option name', kind: 'cli', args: ['explain', '--k\nevil', '3'], api: null,
    expect: { error: /unknown option "--k\\x0aevil"/, line: 0 } },
  { name: 'a terminal escape inside an option name', kind: 'cli', args: ['explain', '--k\u001b[2J', '3'], api: null,
    expect: { error: /unknown option "--k\\x1b\[2J"/, line: 0 } },
  { name: 'a terminal escape in a measure name', kind: 'trec', qrels: 'q1 0 d1 3\n', run: 'q1 Q0 d1 1 0.9 r\n',
    args: ['-m', 'ndcg\u001b[2J'], options: { measures: ['ndcg\u001b[2J'] },
    expect: { error: /unknown measure "ndcg\\x1b\[2J"/, line: 0 } },

  // ---- one option read from its text: api.readOption() (the page's hash and controls) ----
  // and the same text as the command's flag, whose JSON then reports the value read.
  option('a full-width whole number, refused as the command refuses it', 'k', '２', { error: /k takes a whole number, 0 or more, got "２"/, code: 'not-whole', line: 0 }),
  option('minus zero as K', 'k', '-0', { error: /k takes a whole number/, code: 'not-whole', line: 0 }),
  option('an exponent as K', 'k', '1e1', { error: /got "1e1"/, code: 'not-whole', line: 0 }),
  option('an alias of a choice reads as the choice', 'gain', 'exponential', { result: { value: 'exp' } }),
  option('a flag written 1', 'integerGrades', '1', { result: { value: true } }),
  option('a list with spaces', 'weights', '2, 1', { result: { value: [2, 1] } }),
  option('a list with an empty entry', 'weights', '1,,2', { error: /weights takes numbers separated by commas/, code: 'empty-field', line: 0 }),
  option('a number beyond a double', 'alpha', '1e999', { error: /alpha takes a finite number from 0 to 1, got "1e999"/, code: 'not-a-number', line: 0 }),
  option('a log base of 1', 'logBase', '1', { error: /log_base takes a number above 1, got "1"/, code: 'out-of-range', line: 0 }),
  option('decimals past 17', 'decimals', '18', { error: /from 0 to 17, got "18"/, code: 'out-of-range', line: 0 }),
  option('markup as a preset', 'preset', '<img src=x onerror=alert(1)>', { error: /preset takes one of document, .*got "<img src=x onerror=alert\(1\)>"/, code: 'unknown-choice', line: 0 }),
  option('a terminal escape as a choice', 'ties', '\u001b[2J', { error: /got "\\x1b\[2J"/, code: 'unknown-choice', line: 0 }),
  option('100,000 characters as a number', 'alpha', 'x'.repeat(100000), { error: /got "x{30,40}\.\.\."/, code: 'not-a-number', line: 0 }),
  option('a NUL byte after a number (no command line holds one)', 'k', '1\u0000', { error: /got "1\\x00"/, code: 'not-a-number', line: 0 }, { cli: null }),
  option('a key no row has', 'noSuch', '1', { error: /unknown option "(--)?no[-_]?[sS]uch"/, code: 'unknown-option', line: 0 }),

  // ---- out of memory in wasm -------------------------------------------------------------
  { name: 'wasm runs out of memory, then recovers', apiInput: () => new Float64Array(270000000), cli: null, timeoutMs: 60000,
    expect: { error: /ran out of memory/, code: 'restarting', line: 0 } },
  // The batch readers (cpp/src/inputs/): every format ndcg trec reads, broken.
  { name: 'trec: a ragged CSV run', kind: 'trec', qrels: 'q 0 a 1\n', run: 'query_id,doc_id,score\nq,a,0.5\nq,b\n',
    expect: { error: /expected 3 fields as in the header on line 1, got 2/, line: 3, column: 4, source: 'run', code: 'field-count' } },
  { name: 'trec: a CSV run with an unclosed quote', kind: 'trec', qrels: 'q 0 a 1\n', run: 'query_id,doc_id,score\nq,"a,0.5\n',
    expect: { error: /expected a closing quote for the quoted cell that opens here/, line: 2, column: 3, source: 'run', code: 'unclosed-quote' } },
  { name: 'trec: a CSV run with comments and blank lines before its header', kind: 'trec', qrels: 'q 0 a 1\n', run: '# bm25, top 1000\n\nquery_id,doc_id,score\nq,a,0.5\nq,b\n',
    expect: { error: /expected 3 fields as in the header on line 3, got 2/, line: 5, column: 4, source: 'run', code: 'field-count' } },
  { name: 'trec: a CSV run and BEIR qrels (CRLF header, score is the judgment)', kind: 'trec',
    qrels: 'query-id\tcorpus-id\tscore\r\nq1\td1\t1\r\nq1\td2\t0\r\n', run: 'query_id,doc_id,score\nq1,d2,0.9\nq1,d1,0.5\n',
    args: ['-m', 'map'], options: { measures: ['map'] }, expect: { result: { mean: { map: 0.5 }, perQuery: { q1: { map: 0.5 } } } } },
  { name: 'trec: JSON dicts as pytrec_eval holds them', kind: 'trec', qrels: '{"q1": {"d1": 1, "d2": 0}}', run: '{"q1": {"d1": 0.5, "d2": 0.9}}',
    args: ['-m', 'map'], options: { measures: ['map'] }, expect: { result: { mean: { map: 0.5 } } } },
  { name: 'trec: a JSON nesting bomb', kind: 'trec', qrels: 'q 0 a 1\n', run: once(() => '[{"qid": "q", "x": ' + '['.repeat(100000)),
    expect: { error: /at most 64 levels of nesting/, line: 1, column: 82, source: 'run', code: 'too-large' } },
  { name: 'trec: JSON Lines with a record across two lines, CRLF', kind: 'trec', qrels: 'q 0 a 1\nq 0 b 1\n',
    run: '{"qid": "q", "doc": "a",\r\n "score": 1}\r\n{"qid": "q", "doc": "b", "score": 2}\r\n', args: ['-m', 'P.1'], options: { measures: ['P.1'] },
    expect: { result: { mean: { P_1: 1 } } } },
  { name: 'trec: JSON Lines whose second line holds a dict', kind: 'trec', qrels: 'q 0 a 1\n',
    run: '{"qid": "q", "doc": "a", "score": 1}\n{"q": {"a": 1}}\n',
    expect: { error: /expected a query in this record/, line: 2, column: 1, source: 'run', code: 'missing-value' } },
  { name: 'trec: JSON Lines with a broken second line', kind: 'trec', qrels: 'q 0 a 1\n',
    run: '{"qid": "q", "doc": "a", "score": 1}\n{"qid": "q", "doc": "b", "score": }\n',
    expect: { error: /expected a JSON value, got "}"/, line: 2, column: 35, source: 'run', code: 'bad-input' } },
  { name: 'trec: an MS MARCO run (qid pid rank, no header), in rank order', kind: 'trec', qrels: 'q1 0 d1 1\nq1 0 d2 0\n',
    run: 'q1\td2\t1\nq1\td1\t2\n', args: ['-m', 'map'], options: { measures: ['map'] }, expect: { result: { mean: { map: 0.5 } } } },
  { name: 'trec: an MS MARCO run with a line of two fields', kind: 'trec', qrels: 'q1 0 d1 1\n', run: 'q1\td1\t1\nq1\td2\n',
    expect: { error: /expected 3 fields \(qid, pid, rank\), got 2/, line: 2, column: 6, source: 'run', code: 'field-count' } },
  { name: 'trec: a CSV run whose query comes back, with a doc twice', kind: 'trec', qrels: 'a 0 d1 1\n',
    run: 'qid,docid,score\na,d1,2\nb,d1,1\na,d1,1\n',
    expect: { error: /expected each docid once per query, got "d1" again in query "a" \(first on line 2\)/, line: 4, column: 3, source: 'run', code: 'duplicate-id' } },
  { name: 'trec: a LETOR line with no qid:', kind: 'trec', qrels: '2 qid:1 1:0.5\n1 1:0.3 2:0.1\n', run: '0.5\n0.4\n',
    expect: { error: /expected qid:ID after the label/, line: 2, column: 3, source: 'qrels', code: 'bad-input' } },
  { name: 'trec: LETOR predictions one line short', kind: 'trec', qrels: '2 qid:1 1:0.5\n1 qid:1 1:0.3\n', run: '0.5\n',
    expect: { error: /expected 2 predictions, one per line of .*, got 1/, line: 1, column: 1, source: 'run', code: 'field-count' } },
  { name: 'trec: LETOR predictions one line long', kind: 'trec', qrels: '2 qid:1 1:0.5\n', run: '0.5\n0.1\n',
    expect: { error: /expected 1 predictions, one per line of .*, got more/, line: 2, column: 1, source: 'run', code: 'field-count' } },
  { name: 'trec: LETOR with predictions', kind: 'trec', qrels: '# a comment\n1.0 qid:1 1:0.5 # docid = GX004-93-7097963 inc = 0.04\n0 qid:1  1:0.1\t2:3 #docid = B', run: '0.2\n0.9\n',
    args: ['-m', 'map'], options: { measures: ['map'] }, expect: { result: { mean: { map: 0.5 }, perQuery: { 1: { map: 0.5 } } } } },
  { name: 'trec: LETOR with a group file whose sizes do not add up', kind: 'trec', qrels: '1 1:0.5\n0 1:0.1\n1 1:0.2\n', run: '1\n2\n3\n',
    group: '2\n2\n', expect: { error: /group sizes to add up to the file's 3 lines, got 4/, line: 0, source: 'group', code: 'field-count' } },
  { name: 'trec: LETOR with a group file', kind: 'trec', qrels: '1 1:0.5\n0 1:0.1\n1 1:0.2\n', run: '0.1\n0.9\n3\n',
    group: '2\n1\n', args: ['-m', 'map'], options: { measures: ['map'] }, expect: { result: { mean: { map: 0.75 }, perQuery: { 1: { map: 0.5 }, 2: { map: 1 } } } } },
  { name: 'trec: a truncated gzip run', kind: 'trec', qrels: 'q 0 a 1\n', run: once(() => gzipSync(Buffer.from('q Q0 a 1 1 r\n'.repeat(50))).subarray(0, 30)),
    expect: { error: /ends early/, line: 0, source: 'run', code: 'binary-input' } },
  { name: 'trec: a gzip run', kind: 'trec', qrels: 'q 0 a 1\n', run: once(() => gzipSync(Buffer.from('q Q0 b 1 2 r\nq Q0 a 2 1 r\n'))),
    args: ['-m', 'map'], options: { measures: ['map'] }, expect: { result: { mean: { map: 0.5 } } } },
  { name: 'trec: a gzip bomb as the qrels', kind: 'trec', run: 'q1 Q0 d1 1 1 r\n', timeoutMs: 60000,
    qrels: once(() => gzipSync(Buffer.alloc(LIMITS.maxBytes + 2 ** 20, 'q1 0 d1 1\n'), { level: 9 })),
    expect: { error: /bytes once unpacked, got more \(a gzip bomb/, line: 0, source: 'qrels', code: 'too-large' } },
  // Files as file: URLs (Node): every case above runs on its inputs written to files too.
  { name: 'trec: a file: URL to no file', kind: 'trec', qrels: once(() => pathToFileURL('/nonexistent/ndcg/qrels.txt')), run: 'q Q0 a 1 1 r\n',
    cli: null, py: null, expect: { error: /the file "\/nonexistent\/ndcg\/qrels\.txt" cannot be read \(ENOENT\)/, line: 0, source: 'qrels', code: 'bad-file' } },
  { name: 'trec: a directory as the run', kind: 'trec', qrels: 'q 0 a 1\n', run: once(() => pathToFileURL(tmpdir())),
    cli: null, py: null, expect: { error: /cannot be read \(EISDIR\)/, line: 0, source: 'run', code: 'bad-file' } },
  { name: 'trec: an http: URL as the run', kind: 'trec', qrels: 'q 0 a 1\n', run: once(() => new URL('http://example.com/run.txt')),
    cli: null, py: null, expect: { error: /option run must be a file: URL \(in Node\), got http:\/\/example\.com\/run\.txt/, line: 0, source: 'options', code: 'bad-type' } },

  // ---- the module's memory grown ahead of a batch call: api.reserveMemory(bytes) (the page, while
  // its files are read); JS only. A result is { covers: the memory holds at least the bytes asked
  // for, capped at the 256 MiB of the largest input }.
  reserve('a negative size', -1, { error: /option bytes must be a number of bytes, 0 or more, got -1/, code: 'bad-type' }),
  reserve('NaN bytes', NaN, { error: /got NaN/, code: 'bad-type' }),
  reserve('Infinity bytes', Infinity, { error: /got Infinity/, code: 'bad-type' }),
  reserve('a size as text', '8388608', { error: /got 8388608/, code: 'bad-type' }),
  reserve('a size as a BigInt', 8n, { error: /got 8/, code: 'bad-type' }),
  reserve('no size', undefined, { error: /got undefined/, code: 'bad-type' }),
  reserve('zero bytes', 0, { result: { covers: true } }),
  reserve('a fraction of a byte', 0.5, { result: { covers: true } }),
  reserve('8 MiB', 8 * 2 ** 20, { result: { covers: true } }),
  reserve('2^40 bytes, capped at 256 MiB', 2 ** 40, { result: { covers: true } }, { timeoutMs: 60000, sanitized: false }),

  // ---- what a batch input holds: api.inputKind(text) (the page, for a file dropped or pasted);
  // JS only. A result is { format, use, grouped }: a text its lines do not place says use ''.
  kind('nothing', '', { result: { format: 'trec', use: '', grouped: true } }),
  kind('a BOM alone', '\uFEFF', { result: { format: 'trec', use: '', grouped: true } }),
  kind('a header with a quote that never closes (no table: its cells cannot be split)', 'qid,"docid,score\n', { result: { format: 'trec', use: '', grouped: true } }),
  kind('a JSON record cut inside a key', '[{"qid": "q1", "sco', { result: { format: 'json', use: '', grouped: true } }),
  kind('JSON nested deeper than the reader takes', '['.repeat(100000), { result: { format: 'json', use: '', grouped: true } }),
  kind('NUL and invalid UTF-8 bytes', () => Buffer.from([0, 0xff, 0xfe, 10, 0x32, 0x20, 0x31, 0x3a, 0x30]), { result: { format: 'trec', use: '', grouped: true } }),
  kind('a 1 MiB line of digits, past the longest line read', '9'.repeat(2 ** 20), { result: { format: 'trec', use: '', grouped: true } }),
  kind('LETOR lines without qid:', '2 1:0.5\n0 1:0.1\n', { result: { format: 'letor', use: 'qrels', grouped: false } }),
  kind('a number, not a text', 7, { error: /option text must be a string or a Uint8Array, got 7/, code: 'bad-type' }),
  kind('no text', undefined, { error: /got undefined/, code: 'bad-type' }),
];

/** A case of api.inputKind(text): no command or Python side. */
function kind(name, text, expect) {
  return { name: `inputKind: ${name}`, kind: 'kind', text, cli: null, py: null, expect };
}

/** A case of api.reserveMemory(bytes): no command or Python side. */
function reserve(name, bytes, expect, more = {}) {
  return { name: `reserveMemory: ${name}`, kind: 'reserve', bytes, cli: null, py: null, expect, ...more };
}

// ---- how a case is fed, shared by the command and the API runners ----------------

/** Bytes of a text field (string, Buffer or a function making one). */
export function bytesOf(value) {
  const v = typeof value === 'function' ? value() : value;
  return Buffer.isBuffer(v) ? v : Buffer.from(v ?? '', 'utf8');
}

/** What api.explain() gets for a case. */
export function apiInputOf(c) {
  const v = typeof c.apiInput === 'function' ? c.apiInput() : c.apiInput;
  if (v !== undefined) return v;
  const r = typeof c.ranking === 'function' ? c.ranking() : c.ranking;
  return Buffer.isBuffer(r) ? r.toString('utf8') : r;
}

// `call(fileOf)`, where fileOf(value) is a text or bytes written to a file, as a file: URL
// (anything else as it is); the files gone after the call.
function withFiles(call) {
  const dir = mkdtempSync(join(tmpdir(), 'ndcg-catalogue-'));
  let written = 0;
  const fileOf = (value) => {
    if (typeof value !== 'string' && !Buffer.isBuffer(value)) return value;
    const path = join(dir, String(++written));
    writeFileSync(path, value);
    return pathToFileURL(path);
  };
  try {
    return call(fileOf);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// evaluateTrec on the case's texts, and again on the same texts as bytes
// (Buffers) and as files (file: URLs), which must give the same result or the same error.
function trecOnTextAndBytes(api, c) {
  const made = (v) => (typeof v === 'function' ? v() : v);
  const inputs = (text) => ({
    ...(c.subtopics === undefined ? {} : { subtopics: text(c.subtopics) }),
    ...(c.zscores === undefined ? {} : { zscores: text(c.zscores) }),
    ...(c.group === undefined ? {} : { group: text(c.group) }),
  });
  const call = (text) => api.evaluateTrec(text(made(c.qrels)), text(made(c.run)), { ...c.options, ...inputs(text) });
  const bytes = (t) => (typeof t === 'string' ? Buffer.from(t) : t);
  const files = (t) => withFiles((fileOf) => api.evaluateTrec(fileOf(made(c.qrels)), fileOf(made(c.run)), { ...c.options, ...inputs(t) }));
  let result;
  try {
    result = call((t) => t);
  } catch (e) {
    for (const [how, other] of [['bytes', () => call(bytes)], ['files', () => files((t) => t)]]) {
      let again = null;
      try { other(); } catch (b) { again = b; }
      if (!again || again.code !== e.code || again.message !== e.message) throw new Error(`evaluateTrec on ${how}: ${again?.message ?? 'no error'}, on text: ${e.message}`);
    }
    throw e;
  }
  if (JSON.stringify(call(bytes)) !== JSON.stringify(result)) throw new Error('evaluateTrec gives another result on bytes');
  if (JSON.stringify(files((t) => t)) !== JSON.stringify(result)) throw new Error('evaluateTrec gives another result on files');
  return result;
}

/** Calls the API for a case; returns its result (throws what the API throws). */
export function apiCall(api, c, input = apiInputOf(c)) {
  if (c.kind === 'option') return api.readOption(c.key, c.text);
  if (c.kind === 'reserve') return { bytes: api.reserveMemory(c.bytes), asked: Math.min(c.bytes, LIMITS.maxBytes) };
  if (c.kind === 'kind') return api.inputKind(typeof c.text === 'function' ? c.text() : c.text);
  if (c.kind === 'compare') return api.compareRuns(c.qrels, c.runs, c.options);
  if (c.kind === 'trec') return trecOnTextAndBytes(api, c);
  const options = c.judgments === undefined ? c.options : { ...c.options, qrels: c.judgments };
  const explained = api.explain(input, options);
  // analyse() must say the same through its one call, and its render() must work.
  if (explained.n <= 100000) {
    const analysed = api.analyse(input, options);
    if (JSON.stringify(analysed.explanation) !== JSON.stringify(explained)) throw new Error('analyse() and explain() disagree');
    if (!analysed.render('json').startsWith('{')) throw new Error('analyse().render() gave no JSON');
  }
  return explained;
}

/** The fields a case's `result` may name, from an explain result or the CLI's JSON. */
export function summary(kind, r) {
  if (kind === 'trec') return { mean: r.mean, perQuery: r.perQuery, ci95: r.ci95, ciQueries: r.ciQueries };
  if (kind === 'compare') return { count: r.comparisons.length, first: r.comparisons[0] };
  if (kind === 'option') return { value: r };
  if (kind === 'reserve') return { covers: r.bytes >= r.asked };
  if (kind === 'kind') return r;
  return {
    format: r.format, n: r.n, k: r.k, dcg: r.dcg, idcg: r.idcg, ndcg: r.ndcg, hasJudgments: r.hasJudgments,
    metrics: r.metrics, ids: r.steps.slice(0, 50).map((s) => s.id), rels: r.steps.slice(0, 50).map((s) => s.rel),
    missedIds: r.missedIds,
  };
}

// ---- files opened or dropped on the page (batch mode) ----------------------------------
// The page's file picker and drop read a File (gunzipped when it starts with
// gzip's magic) before the core sees its text. Each case: the box it is
// opened in, its bytes, the other box's text, and what the page must show in
// that box's error (English; `shownIn` names the other box when the core
// places the error there): `error` matches the text, `code` is the core's or
// the page's error code. tests/browser/batch.test.mjs runs them.
const PLAIN_RUN = 'q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 0.8 r\n';
const PLAIN_QRELS = 'q1 0 d1 3\nq1 0 d2 0\n';

export const pageFiles = [
  { name: 'a binary file as the run', box: 'ranking', file: 'program.bin', bytes: () => Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]),
    other: PLAIN_QRELS, expect: { error: /binary data/, code: 'binary-input' } },
  { name: 'an empty run file', box: 'ranking', file: 'empty.run', bytes: () => Buffer.alloc(0), other: PLAIN_QRELS,
    expect: { error: /no query is in both the run and the judgments/, code: 'no-common-query' } },
  { name: 'an empty qrels file', box: 'qrels', file: 'empty.qrels', bytes: () => Buffer.alloc(0), other: PLAIN_RUN,
    expect: { error: /nothing to read/, code: 'empty-input' } },
  { name: 'a damaged .gz', box: 'ranking', file: 'run.gz', bytes: () => Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xde, 0xad, 0xbe, 0xef]),
    other: PLAIN_QRELS, expect: { error: /the file “run\.gz” cannot be read/, code: 'bad-file' } },
  { name: 'a .gz that unpacks past the 256 MB limit', box: 'qrels', file: 'bomb.qrels.gz', other: PLAIN_RUN, timeoutMs: 60000,
    bytes: once(() => gzipSync(Buffer.alloc(LIMITS.maxBytes + 2 ** 20, 'q1 0 d1 1\n'), { level: 9 })),
    expect: { error: /larger than the limit of 256 MB/, code: 'too-large' } },
  { name: 'a LETOR file whose query comes back after another', box: 'qrels', file: 'train.letor', other: '0.1\n0.2\n0.3\n',
    bytes: () => Buffer.from('1 qid:1 1:1\n0 qid:2 1:1\n1 qid:1 1:0\n'), expect: { error: /query “1” comes back after other queries \(first on line 1\): keep each query’s lines together/, code: 'ungrouped-run' } },
  { name: 'markup in a file name', box: 'ranking', file: '<img src=x onerror=alert(1)>.run', bytes: () => Buffer.from(PLAIN_RUN), other: PLAIN_QRELS,
    expect: { result: true } },
];
