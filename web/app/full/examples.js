// Inputs behind the "Try an example" buttons. Each sets the text fields
// (and the mode) and keeps the user's conventions unless it needs one.
import { WORKED_EXAMPLE } from '../shared/state.js';

const SCORED = [
  '# id      score  grade',
  'doc-a     0.92   3',
  'doc-b     0.85   2',
  'doc-c     0.81   0',
  'doc-d     0.77   1',
  'doc-e     0.64   0',
  'doc-f     0.60   0',
  'doc-g     0.55   2',
  'doc-h     0.41   1',
  'doc-i     0.30   0',
  'doc-j     0.12   0',
].join('\n');

const CSV = [
  'query,doc,score,relevance',
  'q1,d1,0.92,3',
  'q1,d2,0.85,2',
  'q1,d3,0.81,0',
  'q1,d4,0.77,1',
  'q1,d5,0.64,0',
  'q1,d6,0.60,0',
  'q1,d7,0.55,2',
  'q1,d8,0.41,1',
  'q1,d9,0.30,0',
  'q1,d10,0.12,0',
].join('\n');

const TIES = [
  '# b and c share a score: the tie policy decides who goes first',
  'a  0.9  3',
  'b  0.7  0',
  'c  0.7  2',
  'd  0.5  1',
].join('\n');

const POOL_RUN = [
  'q1 Q0 d1 1 9.1 small-pool',
  'q1 Q0 d2 2 8.7 small-pool',
  'q1 Q0 d3 3 8.2 small-pool',
  'q1 Q0 d4 4 7.9 small-pool',
  'q1 Q0 d5 5 7.5 small-pool',
].join('\n');

const POOL_QRELS = [
  'q1 0 d1 3',
  'q1 0 d2 2',
  'q1 0 d3 0',
  'q1 0 d4 1',
  'q1 0 d7 3',
  'q1 0 d8 2',
  'q1 0 d9 2',
].join('\n');

const DIVERSITY_RUN = [
  'q1 Q0 phone-a 1 0.95 run',
  'q1 Q0 phone-b 2 0.90 run',
  'q1 Q0 phone-c 3 0.88 run',
  'q1 Q0 case-a 4 0.70 run',
  'q1 Q0 charger-a 5 0.60 run',
].join('\n');

const DIVERSITY_QRELS = [
  '# qid subtopic docid judgment',
  'q1 phones phone-a 1',
  'q1 phones phone-b 1',
  'q1 phones phone-c 1',
  'q1 cases case-a 1',
  'q1 chargers charger-a 1',
].join('\n');

const TREC_RUN = [
  'q1 Q0 d1 1 12.0 bm25',
  'q1 Q0 d2 2 11.5 bm25',
  'q1 Q0 d3 3 10.1 bm25',
  'q1 Q0 d4 4 9.7 bm25',
  'q2 Q0 d5 1 8.8 bm25',
  'q2 Q0 d6 2 8.1 bm25',
  'q2 Q0 d7 3 7.3 bm25',
  'q3 Q0 d8 1 6.6 bm25',
  'q3 Q0 d9 2 6.2 bm25',
  'q3 Q0 d10 3 5.0 bm25',
].join('\n');

const TREC_QRELS = [
  'q1 0 d1 2',
  'q1 0 d3 1',
  'q1 0 d11 2',
  'q2 0 d6 3',
  'q2 0 d7 1',
  'q3 0 d8 1',
  'q3 0 d9 0',
  'q3 0 d10 2',
].join('\n');

/** n grades, deterministic (a small LCG), mostly 0 like real rankings. */
export function bigExample(n = 100000) {
  let x = 12345;
  const grades = new Array(n);
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const r = (x >>> 16) % 100;
    grades[i] = r < 70 ? 0 : r < 85 ? 1 : r < 95 ? 2 : 3;
  }
  return grades.join(' ');
}

/** name → { text, qrels, mode, set? } */
export const EXAMPLES = {
  worked: { text: WORKED_EXAMPLE, qrels: '', mode: 'explain', reset: true },
  markdown: { text: '| relevance | 3 | 2 | 0 | 1 | 0 | 0 | 2 | 1 | 0 | 0 |', qrels: '', mode: 'explain' },
  scored: { text: SCORED, qrels: '', mode: 'explain' },
  csv: { text: CSV, qrels: '', mode: 'explain' },
  ties: { text: TIES, qrels: '', mode: 'explain' },
  pool: { text: POOL_RUN, qrels: POOL_QRELS, mode: 'explain', set: { ideal: 'list' } },
  diversity: { text: DIVERSITY_RUN, qrels: DIVERSITY_QRELS, mode: 'explain' },
  trec: { text: TREC_RUN, qrels: TREC_QRELS, mode: 'trec' },
  big: { text: null, qrels: '', mode: 'explain' },
};

/** The lines of a TREC run or qrels text that belong to query `qid`. */
export function linesOfQuery(text, qid) {
  return text.split(/\r\n|\r|\n/).filter((line) => line.trim().split(/\s+/)[0] === qid).join('\n');
}

/** The examples in the order the page offers them. */
export const EXAMPLE_NAMES = Object.keys(EXAMPLES);
