// Texts of batch mode's trec_eval options: the measure box (-m), -J and -M
// (their help lines are with the others' in page-texts.js).
import { addTexts } from '../../shared/i18n.js';

const en = {
  option: {
    measures: { label: 'Measures (-m)', placeholder: 'e.g. ndcg_cut.1,3,5,10 map judged.10' },
    judgedOnly: { label: 'Drop unjudged documents (-J)' },
    maxDocs: { label: 'Top documents kept per query (-M; 0 = all)' },
  },
};

const zh = {
  option: {
    measures: { label: '指标（-m）', placeholder: '例如 ndcg_cut.1,3,5,10 map judged.10' },
    judgedOnly: { label: '去掉未标注的文档（-J）' },
    maxDocs: { label: '每个查询保留前几个文档（-M；0 = 全部）' },
  },
};

addTexts({ en, zh });
