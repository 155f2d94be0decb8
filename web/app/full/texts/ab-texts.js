// Texts of the A/B view (ranking B against ranking A), loaded with ab.js.
import { addTexts } from '../../shared/i18n.js';

const en = {
  abHeading: 'Ranking A against ranking B',
  abSummary: 'NDCG{k}: A = {a}, B = {b}, B − A = {diff}.',
  abFair: 'Both rankings hold the same items and share one ideal list, so their NDCG values are divided by the same IDCG and compare fairly.',
  abWarnTitle: 'These two NDCG values are not divided by the same ideal.',
  abWarnCandidates: 'The two rankings hold different items (A: {a}, B: {b}).',
  abWarnIdeal: 'Their ideal lists differ: IDCG{k} of A is {a}, of B {b}. A ranking can score higher only because its own ideal is lower.',
  abJudged: 'The fair comparison divides both by the judged pool’s IDCG: NDCG{k} A = {a}, B = {b}, B − A = {diff}.',
  abNeedJudgments: 'Paste the judgments (qrels) of the query below: both rankings are then also scored against the judged pool, the fair comparison.',
  abMarked: 'Marked rows: positions where A and B hold a different item or grade. The last column is B’s term minus A’s.',
  abCaption: 'Rankings A and B position by position, for NDCG{k}',
  abColDiff: 'B − A',
  abErrorIn: 'Ranking B:',
};

const zh = {
  abHeading: '排序 A 与排序 B',
  abSummary: 'NDCG{k}：A = {a}，B = {b}，B − A = {diff}。',
  abFair: '两个排序包含相同的条目并共用同一个理想列表，因此它们的 NDCG 除以相同的 IDCG，可以公平比较。',
  abWarnTitle: '这两个 NDCG 值并非除以同一个理想值。',
  abWarnCandidates: '两个排序包含的条目不同（A：{a} 个，B：{b} 个）。',
  abWarnIdeal: '它们的理想列表不同：A 的 IDCG{k} 为 {a}，B 的为 {b}。一个排序可能只因自身的理想值较低而得分更高。',
  abJudged: '公平的比较是两者都除以标注池的 IDCG：NDCG{k} A = {a}，B = {b}，B − A = {diff}。',
  abNeedJudgments: '在下方粘贴该查询的标注（qrels）后，两个排序也会按标注池计算，这才是公平的比较。',
  abMarked: '标记的行：A 与 B 在该位置的条目或等级不同。最后一列是 B 的项减去 A 的项。',
  abCaption: '排序 A 与 B 的逐位置对比（NDCG{k}）',
  abColDiff: 'B − A',
  abErrorIn: '排序 B：',
};

addTexts({ en, zh });
