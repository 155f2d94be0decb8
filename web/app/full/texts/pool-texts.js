// Texts of the two ideals side by side (poolPanel in full-templates.js):
// what the judged pool holds that the ranking never retrieved.
import { addTexts } from '../../shared/i18n.js';

const en = {
  poolMissed: 'The judgments hold {n} relevant {n|item|items} (gain above 0) that the ranking never retrieved: {ids}.',
  poolAgreeAtK: 'The two IDCG{k} agree only at this K: the missed items change nothing in the top {kn}.',
  poolNoneMissed: 'Every judged item with a gain was retrieved: the two ideals are the same.',
};

const zh = {
  poolMissed: '标注中有 {n} 个相关条目（增益大于 0）从未被该排序召回：{ids}。',
  poolAgreeAtK: '两个 IDCG{k} 只在这个 K 上相等：漏掉的条目没有改变前 {kn} 位。',
  poolNoneMissed: '有增益的已标注条目全部被召回：两种理想排序相同。',
};

addTexts({ en, zh });
