// Texts of batch mode (a TREC run, query by query), loaded with batch-results.js.
import { addTexts } from '../../shared/i18n.js';

const en = {
  // The errors only batch evaluation and files give (the embed page and the element have neither).
  errors: {
    'no-common-query': 'no query is in both the run and the judgments, so there is nothing to evaluate.',
    'unknown-measure': 'there is no measure called “{found}”.',
    'bad-measure': 'the measure “{found}” cannot be read.',
    'needs-subtopics': 'this measure needs subtopic judgments.',
    'bad-file': 'the file “{found}” cannot be read.',
    'ungrouped-run': 'query “{found}” comes back after other queries (first on line {first_line}): group the run by query.',
  },
  option: {
    complete: { label: 'Score queries missing from the run as 0 (trec_eval -c)' },
    ci: { label: 'A 95% bootstrap interval beside each mean' },
  },
  trecInterval: '95% interval {low}–{high} over {n} {n|query|queries}',
  trecIntervalWithheld: 'no interval: {n} {n|query|queries}, fewer than 10',
  trecHeading: 'Per-query results',
  trecQuery: 'query',
  trecMean: 'mean',
  help_trecQuery: 'The query’s id.',
  help_trecMean: 'Over all queries, as trec_eval’s “all” line.',
  help_measure: 'A trec_eval measure.',
  trecCount: '{n} {n|query|queries} evaluated.',
  trecExplain: 'Explain',
  allQueries: '← All {n} queries',
  trecExplainLabel: 'Explain query {qid} step by step',
  trecNeedQrels: 'Add judgments (qrels) to evaluate the run.',
  trecNeedRun: 'Paste a run above, or open or drop a run file, to evaluate it.',
  trecWorking: 'Reading and evaluating…',
  trecMeanHeading: 'Mean over {n} {n|query|queries}',
  histogramHeading: 'Per-query {metric}',
  histogramLabel: 'Histogram of per-query {metric} over {n} queries, in ten bins: {bins}.',
  sortBy: 'Sort by {name}',
  trecFilter: 'Filter by query id',
  trecShown: '{n} of {total} {total|query|queries} shown.',
  trecLive: 'Mean {name} = {value} over {n} {n|query|queries}',
};

const zh = {
  errors: {
    'no-common-query': '运行结果与标注没有共同的查询，因此没有可评估的内容。',
    'unknown-measure': '没有名为“{found}”的指标。',
    'bad-measure': '无法读取指标“{found}”。',
    'needs-subtopics': '这个指标需要子主题标注。',
    'bad-file': '无法读取文件“{found}”。',
    'ungrouped-run': '查询“{found}”在其他查询之后再次出现（首次在第 {first_line} 行）：请按查询把运行结果分组。',
  },
  option: {
    complete: { label: '运行结果中缺失的查询记为 0 分（trec_eval -c）' },
    ci: { label: '在每个平均值旁给出 95% 自助区间' },
  },
  trecInterval: '95% 区间 {low}–{high}，基于 {n} 个查询',
  trecIntervalWithheld: '不给区间：只有 {n} 个查询，少于 10 个',
  trecHeading: '逐查询结果',
  trecQuery: '查询',
  trecMean: '平均',
  help_trecQuery: '查询的 id。',
  help_trecMean: '全部查询上的值，即 trec_eval 的 “all” 行。',
  help_measure: 'trec_eval 的指标。',
  trecCount: '共评测 {n} 个查询。',
  trecExplain: '逐步解释',
  allQueries: '← 全部 {n} 个查询',
  trecExplainLabel: '逐步解释查询 {qid}',
  trecNeedQrels: '请提供相关性标注（qrels）以评测运行结果。',
  trecNeedRun: '在上方粘贴运行结果，或打开、拖放运行结果文件，即可开始评测。',
  trecWorking: '正在读取并评测…',
  trecMeanHeading: '{n} 个查询的平均值',
  histogramHeading: '各查询的 {metric} 分布',
  histogramLabel: '{n} 个查询的 {metric} 直方图，共十个区间：{bins}。',
  sortBy: '按 {name} 排序',
  trecFilter: '按查询 id 筛选',
  trecShown: '显示 {n} / {total} 个查询。',
  trecLive: '{n} 个查询的平均 {name} = {value}',
};

addTexts({ en, zh });
