// The options' labels and their choices' names in English and Chinese, by
// the option schema's key (the help texts under them only the full page
// shows: optionHelp in full/texts/page-texts.js). Joined to the texts by i18n.js;
// batch and compare mode add their own rows' (addTexts).
export const OPTION_TEXTS = {
  en: {
    preset: { label: 'Preset' },
    k: { label: 'Cutoff K' },
    gainTable: { label: 'Gains of grades 0, 1, 2, …' },
    gain: {
      label: 'Gain', choices: { exp: 'Exponential: 2^rel − 1', linear: 'Linear: rel', table: 'Table: one gain per grade' },
      short: { exp: '2^rel − 1', linear: 'rel', table: 'g(rel)' },
    },
    logBase: { label: 'Log base of the discount' },
    weights: { label: 'Position weights', placeholder: 'e.g. 2,2,2' },
    ideal: {
      label: 'Ideal order from', choices: { list: 'this ranking’s own grades', judgments: 'all judgments (qrels)' },
      short: { list: 'own grades', judgments: 'judgments' },
    },
    idealCutToRetrieved: { label: 'Cut the ideal list to the ranking’s length (Elasticsearch)' },
    ties: {
      label: 'Equal scores',
      choices: { input: 'keep the input order', trec: 'break by docid, descending (trec_eval)', average: 'average over the tied group (scikit-learn)' },
      short: { input: 'input order', trec: 'by docid', average: 'averaged' },
    },
    zeroIdcg: { label: 'When IDCG = 0', choices: { zero: 'NDCG is 0', one: 'NDCG is 1', skip: 'NDCG has no value' }, short: { zero: '0', one: '1', skip: 'no value' } },
    negatives: { label: 'Negative grades', choices: { reject: 'are an error', zero: 'count as 0', drop: 'drop the item' } },
    integerGrades: { label: 'Grades must be whole numbers (LightGBM)' },
    truncateGrades: { label: 'Cut grades to whole numbers (XGBoost)' },
    float32Scores: { label: 'Compare scores as 32-bit floats (XGBoost)' },
    maxGrade: { label: 'Largest grade allowed' },
    relevanceLevel: { label: 'Relevant from grade' },
    errMaxGrade: { label: 'Top grade for ERR' },
    alpha: { label: 'α (redundancy penalty)' },
    decimals: { label: 'Decimals shown' },
    columns: { label: 'Columns (query, doc, score, rel, rank, - to skip)', placeholder: 'e.g. doc,score' },
    query: { label: 'Query to explain', placeholder: 'a query id' },
  },
  zh: {
    preset: { label: '预设' },
    k: { label: '截断位置 K' },
    gainTable: { label: '等级 0、1、2…… 的增益' },
    gain: {
      label: '增益', choices: { exp: '指数：2^rel − 1', linear: '线性：rel', table: '查表：每个等级单独指定' },
      short: { exp: '2^rel − 1', linear: 'rel', table: 'g(rel)' },
    },
    logBase: { label: '折扣的对数底' },
    weights: { label: '位置权重', placeholder: '例如 2,2,2' },
    ideal: {
      label: '理想排序来源', choices: { list: '本排序自身的等级', judgments: '全部标注（qrels）' },
      short: { list: '本排序的等级', judgments: '全部标注' },
    },
    idealCutToRetrieved: { label: '理想列表截到排序的长度（Elasticsearch）' },
    ties: {
      label: '同分处理',
      choices: { input: '保持输入顺序', trec: '按 docid 降序（trec_eval）', average: '在同分组内取平均（scikit-learn）' },
      short: { input: '输入顺序', trec: '按 docid', average: '取平均' },
    },
    zeroIdcg: { label: 'IDCG = 0 时', choices: { zero: 'NDCG 记为 0', one: 'NDCG 记为 1', skip: 'NDCG 无值' }, short: { zero: '0', one: '1', skip: '无值' } },
    negatives: { label: '负等级', choices: { reject: '视为错误', zero: '按 0 计', drop: '丢弃该条目' } },
    integerGrades: { label: '等级必须是整数（LightGBM）' },
    truncateGrades: { label: '等级截断为整数（XGBoost）' },
    float32Scores: { label: '分数按 32 位浮点数比较（XGBoost）' },
    maxGrade: { label: '允许的最大等级' },
    relevanceLevel: { label: '相关的最低等级' },
    errMaxGrade: { label: 'ERR 的最高等级' },
    alpha: { label: 'α（冗余惩罚）' },
    decimals: { label: '显示的小数位数' },
    columns: { label: '各列含义（查询、文档、分数、等级、名次，- 表示跳过）', placeholder: '例如 doc,score' },
    query: { label: '要解释的查询', placeholder: '查询 id' },
  },
};
