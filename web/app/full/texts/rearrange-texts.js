// Texts of rearranging by hand (regions/rearrange.js, rearrange-handlers.js).
import { addTexts } from '../../shared/i18n.js';

const en = {
  moveHelp: 'Rearrange by hand: drag a row by its position, or focus a row and press {up} or {down}. The ranking box, the tables, the charts and the link follow.',
  idealOrder: 'Ideal order',
  undoMove: 'Undo',
  movedItem: 'grade {rel} from position {from}',
  moved: '{item} moved to position {to}; NDCG{k} {v}',
  movedIdeal: 'The ranking is in the ideal order; NDCG{k} {v}',
  movedBack: 'Move undone; NDCG{k} {v}',
  moveFailed: 'This order cannot be written back as a ranking text, so the ranking was left as it was.',
};

const zh = {
  moveHelp: '手动重排：拖动某行的位置列，或聚焦某行后按 {up} 或 {down}。排序文本框、表格、图表和链接随之更新。',
  idealOrder: '理想顺序',
  undoMove: '撤销',
  movedItem: '位置 {from} 的等级 {rel}',
  moved: '{item} 移到第 {to} 位；NDCG{k} {v}',
  movedIdeal: '排序已按理想顺序排列；NDCG{k} {v}',
  movedBack: '已撤销移动；NDCG{k} {v}',
  moveFailed: '这个顺序无法写回为排序文本，排序保持不变。',
};

addTexts({ en, zh });
