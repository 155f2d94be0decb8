// The texts every view shows (the one-ranking view of the page, the embed
// page and the element), in English and Chinese, and the functions that read
// them. Texts that only some views show live in web/app/full/texts/*.js and join
// these tables when the module that shows them is loaded (addTexts), so a
// bundle carries only the texts it can show. Strings may hold {name}
// placeholders, filled by t(). Nothing here is HTML: the view puts these
// strings into the page as text.

// Option labels and choice names, by the option schema's key (the help
// texts under them only the full page shows: optionHelp in full/texts/page-texts.js).
const EN_OPTIONS = {
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
  complete: { label: 'Score queries missing from the run as 0 (trec_eval -c)' },
  allPairs: { label: 'Test every pair of runs, not only each run against A' },
  trials: { label: 'Trials' },
  seed: { label: 'Seed' },
};

const ZH_OPTIONS = {
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
  complete: { label: '运行结果中缺失的查询记为 0 分（trec_eval -c）' },
  allPairs: { label: '检验每一对运行结果，而不只是各运行结果对比 A' },
  trials: { label: '试验次数' },
  seed: { label: '随机种子' },
};

// One message per error code of the module (api.errorCodes()), using
// exactly the values that code carries. Line and column go in the title.
const EN_ERRORS = {
  'bad-input': 'cannot read “{found}”.',
  'empty-input': 'there is nothing to read.',
  'not-a-number': 'expected a number, got “{found}”.',
  'not-whole': 'expected a whole number, got “{found}”.',
  'empty-field': 'a field in “{found}” is empty.',
  'out-of-range': '“{found}” is outside the allowed range, {min} to {max}.',
  'unknown-choice': '“{found}” is not one of {choices}.',
  'unknown-option': 'there is no option called “{found}”.',
  'missing-value': 'a value is missing.',
  'bad-type': 'the value has the wrong type; expected {expected}.',
  'too-large': 'the input is larger than the limit of {limit}.',
  'binary-input': 'this looks like binary data, not text.',
  'field-count': 'expected {expected} fields on this line, found {found}.',
  'duplicate-id': 'the id “{found}” appears twice; it first appears on line {first_line}.',
  'duplicate-column': 'the column “{found}” appears twice; it first appears as column {first}.',
  'no-grade-column': 'the header “{found}” names no grade column (rel, relevance, grade or label).',
  'unclosed-quote': 'a quoted field is never closed.',
  'mixed-formats': 'this line is in another format ({found}) than the lines before it.',
  'several-queries': 'expected one query, got {count} ({queries}): “{found}” follows “{first}”. Pick one with the query option, or evaluate them all in TREC mode.',
  'several-labels': 'expected one labelled row of grades, but the label “{found}” follows “{first}”.',
  'no-grades': 'a run has no grades of its own: add judgments (qrels).',
  'no-ids': 'these items have no ids, so judgments cannot be matched to them.',
  'no-gain-entry': 'the gain table has no entry for grade {found}; it covers grades 0 to {max}.',
  'gain-overflow': 'the gain of grade {found} is too large to compute.',
  'sum-overflow': 'the sum grows too large to compute.',
  'all-dropped': 'every item was dropped, so nothing is left to rank.',
  'missing-query': 'query “{found}” is in the judgments but not in the run.',
  restarting: 'the calculator ran out of memory and is restarting. Try a smaller input.',
  'not-in-build': '{call} is not part of this compact build; the full calculator has it.',
};

const ZH_ERRORS = {
  'bad-input': '无法读取“{found}”。',
  'empty-input': '没有可读取的内容。',
  'not-a-number': '应为数字，实际是“{found}”。',
  'not-whole': '应为整数，实际是“{found}”。',
  'empty-field': '“{found}”中有一个字段为空。',
  'out-of-range': '“{found}”超出允许范围（{min} 到 {max}）。',
  'unknown-choice': '“{found}”不在可选值 {choices} 之中。',
  'unknown-option': '没有名为“{found}”的选项。',
  'missing-value': '缺少一个值。',
  'bad-type': '值的类型不对，应为 {expected}。',
  'too-large': '输入超过了 {limit} 的上限。',
  'binary-input': '这看起来是二进制数据，而不是文本。',
  'field-count': '这一行应有 {expected} 个字段，实际有 {found} 个。',
  'duplicate-id': 'id“{found}”出现了两次，第一次在第 {first_line} 行。',
  'duplicate-column': '列名“{found}”出现了两次，第一次是第 {first} 列。',
  'no-grade-column': '表头“{found}”中没有等级列（rel、relevance、grade 或 label）。',
  'unclosed-quote': '有一个带引号的字段没有闭合。',
  'mixed-formats': '这一行的格式（{found}）与前面的行不同。',
  'several-queries': '应只有一个查询，却有 {count} 个（{queries}）：“{first}”之后又出现了“{found}”。请用“要解释的查询”选项选一个，或在 TREC 模式中评测全部查询。',
  'several-labels': '应只有一行带标签的等级，但标签“{first}”之后又出现了标签“{found}”。',
  'no-grades': '运行结果本身不含等级，请提供相关性标注（qrels）。',
  'no-ids': '这些条目没有 id，无法与标注对应。',
  'no-gain-entry': '增益表中没有等级 {found} 的值，它只覆盖等级 0 到 {max}。',
  'gain-overflow': '等级 {found} 的增益太大，无法计算。',
  'sum-overflow': '求和结果太大，无法计算。',
  'all-dropped': '所有条目都被丢弃了，没有可排序的内容。',
  'missing-query': '查询“{found}”出现在标注中，但不在运行结果里。',
  restarting: '计算器内存不足，正在重新启动，请换一个小一些的输入。',
  'not-in-build': '这个精简版本不包含 {call}，完整的计算器中有。',
};

const en = {
  option: EN_OPTIONS,
  errors: EN_ERRORS,
  title: 'NDCG@K calculator',
  titleSuffix: 'step by step',
  // The language button speaks the language it switches to (regions/toolbar.js sets its
  // lang), and its accessible name starts with the visible text (WCAG 2.5.3).
  langButton: '中文',
  langButtonLabel: '中文：将页面切换为中文',
  loading: 'Starting the calculator…',
  loadFailed: 'The calculator could not start: {message}',
  openFull: 'Open in the full calculator',

  rankingLabel: 'Ranking',
  readAs: 'Read as {format}: {n} {n|item|items}.',
  readColumns: 'Columns: {columns}.',
  col_query: 'query', col_doc: 'doc', col_score: 'score', col_rel: 'rel', col_rank: 'rank', col_subtopics: 'subtopics', col_tag: 'tag', 'col_-': 'skipped',
  readQuery: 'Query {query}.',
  readByRank: 'Ordered by rank.',
  otherReading: 'Read it as {columns} instead',
  'otherReading_doc,rel': 'Read the numbers as grades instead (the order given)',
  'otherReading_doc,score': 'Read the numbers as scores instead (ordered by score)',
  pickQuery: 'Explain one query:',
  qrelsRead: 'Judgments read as {format}.',
  emptyInput: 'Paste a ranking into the input box to begin.',
  resultsAfterError: 'The results appear once the input can be read: see the message next to the box that is marked.',

  format_grades: 'a list of grades',
  format_id_grade: 'lines of id and grade',
  format_id_score_grade: 'lines of id, score and grade',
  format_id_score: 'lines of id and score, ordered by score, grades from the judgments',
  format_ids: 'document ids in the order given, grades from the judgments',
  format_columns: 'fields in the columns given',
  format_json: 'a JSON object of ids and numbers',
  format_csv: 'CSV with a header',
  format_tsv: 'TSV with a header',
  format_trec_run: 'a TREC run',
  format_trec_qrels: 'TREC qrels',
  format_subtopic_qrels: 'subtopic qrels',

  errorHeading: 'This input cannot be read',
  errorOption: 'A setting is not valid',
  errorIn_options: '',
  optionError: '{label}: {message}',
  errorWhere: 'Line {line}, column {column}',
  errorIn_ranking: 'in the ranking',
  errorIn_judgments: 'in the judgments',
  errorIn_qrels: 'in the judgments',
  errorIn_run: 'in the run',
  errorIn_subtopics: 'in the subtopic judgments',
  errorGoto: 'Select it in the text',
  switchToTrec: 'Evaluate it as a TREC run instead',
  errorMarker: 'The problem starts at the marked character.',
  staleTitle: 'Last good result: the input no longer parses',
  staleNote: 'The numbers below, greyed, are those of the last input that could be read. The message at the box marked in red says what to fix; they update once it is fixed.',

  presetDocumentName: 'document (the article)',
  presetMatches: 'These settings match {name}.',
  presetMatchesNone: 'These settings match no preset.',

  resultsHeading: 'Results',
  undefinedValue: 'no value',
  undefinedNote: 'IDCG is 0 (no relevant item), and this convention gives such a list no NDCG.',
  idcgZero: 'IDCG is 0 (no item has a gain), so there is nothing to divide by: this convention takes NDCG as {v}.',
  verdict_perfect: 'The ranking is already in the ideal order.',
  verdict_high: 'Close to the ideal order.',
  verdict_mid: 'Reasonable, but some relevant items sit too low.',
  verdict_low: 'Relevant items are mostly far from the top.',
  verdict_zero: 'Nothing relevant in the top K.',
  step1: 'Step 1 · DCG{k} of the ranking as given',
  step2: 'Step 2 · IDCG{k} of the ideal order',
  step3: 'Step 3 · NDCG{k}',
  step2From_list: 'The ideal order sorts this ranking’s own grades from high to low.',
  step2From_judgments: 'The ideal order sorts every judged item by gain, including relevant items the ranking never retrieved.',
  step2From_judgmentsCut: 'The ideal order sorts every judged item by gain, including relevant items the ranking never retrieved, and keeps as many as the ranking has.',
  step2From_fallback: 'No judgments are given, so the ideal order sorts this ranking’s own grades from high to low.',
  step2Zeros: 'The {z} {z|item|items} whose gain is 0 {z|is|are} left out: {z|it|they} would add nothing. IDCG{k} is the sum of the {m} {m|row|rows} below.',
  step2ZerosJudged: 'Items whose gain is 0, judged or not, are left out: they would add nothing. IDCG{k} is the sum of the {m} {m|row|rows} below.',
  col_position: 'position',
  col_positionLabel: 'position i',
  col_id: 'id',
  col_grade: 'grade',
  col_gain: 'gain',
  col_discount: 'discount',
  col_weight: 'weight',
  col_term: 'term',
  col_running: 'running total',
  col_loss: 'vs ideal',
  tableCaption_dcg: 'DCG{k}, one row per position',
  tableCaption_idcg: 'IDCG{k}, one row per position of the ideal order',
  tableRegion: 'Scrollable table: {name}',
  scrollHint: 'Scroll the table sideways for the other columns →',
  allColumns: 'Gain and discount columns',
  rowsShown: 'Showing the first {shown} of {total} rows.',
  showMore: 'Show {n} more',
  showAll: 'Show all {n}',
  roundingNote: 'Terms are shown rounded to {d} decimals; every total is summed from the unrounded terms.',
  roundingDiff: 'Adding the rounded terms shown above gives {rounded}, while the exact {name} is {exact} (rounded: {exactRounded}). A hand calculation from rounded terms can be off in the last digit.',
  lossHeading: 'Where the score was lost',
  lossIntro: 'Each position’s term is compared with the term the ideal order earns at the same position. The marked rows in the table fall short the most.',
  lossShortHeading: 'Below the ideal order ({n} {n|position|positions}):',
  lossAboveHeading: 'Above the ideal order ({n} {n|position|positions}: a relevant item placed later, where the ideal order has a smaller grade, gives back part of the loss):',
  lossItem: 'Position {i}: grade {rel} where the ideal order has {ideal}, {loss} short.',
  lossAboveItem: 'Position {i}: grade {rel} where the ideal order has {ideal}, {loss} more.',
  lossMore: '… and {n} more {n|position|positions}, {sum} in all.',
  lossSums: '{short} (below) − {above} (above)',
  lossRounding: 'Adding the rounded values shown gives {rounded}; the exact difference is {exact}.',
  lossNone: 'No position falls short of the ideal order.',
  curveHeading: 'NDCG@k for every cutoff',
  curveDesc: 'Line chart of NDCG@k for k from 1 to {n}. At k = {k} the value is {v}.',
  curveAxisK: 'k',
  curveCutoff: 'K = {k}: {v}',
  barsHeading: 'Each position’s term against the ideal’s',
  barsDesc: 'Bar chart of the first {n} positions: for each, the ranking’s term and the ideal order’s term. Each bar leads to its table row.',
  barRank: 'Position {i}: term {v} in the ranking',
  barIdeal: 'Position {i}: term {v} in the ideal order',
  cumulativeHeading: 'Running DCG against running IDCG',
  cumulativeDesc: 'Line chart of the first {n} positions: the running total of DCG and of IDCG. Each point leads to its table row.',
  pointRank: 'Position {i}: DCG so far {v}',
  pointIdeal: 'Position {i}: IDCG so far {v}',
  cumulativeFlat: 'The ideal order has no item with a gain after position {m}, so its running total stays at {v} (the flat dotted line) up to position {n}.',
  cumulativeNoIdeal: 'The ideal order has no item with a gain: its running total stays at 0.',
  chartAxisPosition: 'position (first {n})',
  chartRanking: 'ranking',
  chartIdeal: 'ideal order',
  flowHeading: 'How the numbers flow',
  flowGrades: 'grades',
  flowGains: 'gains {f}',
  flowDiscounts: 'discounts {f}',
  flowSorted: 'grades sorted',
  tieRangeNote: 'Tied scores: this ranking’s NDCG{k} depends on the order of its tied items. With ties “{policy}” it is the value above; the worst order gives {min} and the best {max}.',
  metricsHeading: 'Other metrics of the same ranking',
  metricsCutoff: 'All over the top {k}, with relevant meaning grade ≥ {level}.',
  metricsWhole: 'All over the whole list, with relevant meaning grade ≥ {level}.',
  m_cg: 'CG{k}',
  m_cg_tip: 'Cumulative gain: the grades of the top K added up. Order inside the top K does not change it.',
  m_precision: 'P{k}',
  m_precision_tip: 'Precision: the share of the top K that is relevant.',
  m_recall: 'R{k}',
  m_recall_tip: 'Recall: the share of all relevant items that appear in the top K.',
  m_ap: 'AP',
  m_ap_tip: 'Average precision: precision at each relevant item’s position, averaged over all relevant items.',
  m_rr: 'RR',
  m_rr_tip: 'Reciprocal rank: 1 divided by the position of the first relevant item.',
  m_err: 'ERR{k}',
  m_err_tip: 'Expected reciprocal rank: a user scans down and stops at an item with a probability that grows with its grade; ERR is the expected 1/position where they stop.',
  m_alpha: 'α-nDCG{k}',
  m_alpha_tip: 'α-nDCG: an item earns less for each subtopic already covered higher up, so redundant results stop paying off.',
  m_weighted: 'weighted NDCG{k}',
  m_weighted_tip: 'NDCG with your position weights applied to every term of DCG and IDCG.',
  m_unweighted: 'NDCG{k} without weights',
  m_unweighted_tip: 'The same ranking with every position weight set to 1.',
  presetsHeading: 'The same ranking under every preset',
  presetsIntro: 'Each library’s convention applied to this input (your K and weights kept). When two tools disagree, the columns show why.',
  presetsTooLarge: 'Too many items to recompute under every preset as you type.',
  usePreset: 'Use',
  usePresetLabel: 'Use the {name} preset',

};

const zh = {
  option: ZH_OPTIONS,
  errors: ZH_ERRORS,
  title: 'NDCG@K 计算器',
  titleSuffix: '逐步计算',
  langButton: 'English',
  langButtonLabel: 'English: switch the page to English',
  loading: '计算器启动中……',
  loadFailed: '计算器无法启动：{message}',
  openFull: '在完整版计算器中打开',

  rankingLabel: '排序结果',
  readAs: '识别为{format}，共 {n} 项。',
  readColumns: '各列：{columns}。',
  col_query: '查询', col_doc: '文档', col_score: '分数', col_rel: '等级', col_rank: '名次', col_subtopics: '子主题', col_tag: '标签', 'col_-': '跳过',
  readQuery: '查询 {query}。',
  readByRank: '按名次排序。',
  otherReading: '改按 {columns} 读取',
  'otherReading_doc,rel': '改为把数字当作等级（按给定顺序）',
  'otherReading_doc,score': '改为把数字当作分数（按分数排序）',
  pickQuery: '解释其中一个查询：',
  qrelsRead: '标注识别为{format}。',
  emptyInput: '在输入框中粘贴一个排序即可开始。',
  resultsAfterError: '输入可以读取后就会显示结果：请看被标出的输入框旁边的提示。',

  format_grades: '等级列表',
  format_id_grade: '“id 等级”行',
  format_id_score_grade: '“id 分数 等级”行',
  format_id_score: '“id 分数”行，按分数排序，等级取自标注',
  format_ids: '按给定顺序排列的文档 id，等级取自标注',
  format_columns: '按指定各列读取的字段',
  format_json: 'id 与数值组成的 JSON 对象',
  format_csv: '带表头的 CSV',
  format_tsv: '带表头的 TSV',
  format_trec_run: 'TREC 运行结果',
  format_trec_qrels: 'TREC qrels',
  format_subtopic_qrels: '子主题 qrels',

  errorHeading: '无法读取这段输入',
  errorOption: '有一项设置无效',
  errorIn_options: '',
  optionError: '{label}：{message}',
  errorWhere: '第 {line} 行，第 {column} 列',
  errorIn_ranking: '（排序结果）',
  errorIn_judgments: '（相关性标注）',
  errorIn_qrels: '（相关性标注）',
  errorIn_run: '（运行结果）',
  errorIn_subtopics: '（子主题标注）',
  errorGoto: '在文本中选中出错处',
  switchToTrec: '改为按 TREC 运行结果批量评测',
  errorMarker: '问题从标记的字符开始。',
  staleTitle: '上一次的有效结果：当前输入无法读取',
  staleNote: '下面变灰的数字来自上一次能够读取的输入。标红的输入框旁边的提示说明了要修改什么，修改后结果会自动更新。',

  presetDocumentName: '原文约定',
  presetMatches: '当前设置与 {name} 一致。',
  presetMatchesNone: '当前设置不对应任何预设。',

  resultsHeading: '计算结果',
  undefinedValue: '无值',
  undefinedNote: 'IDCG 为 0（没有相关条目），按当前约定这样的列表没有 NDCG 值。',
  idcgZero: 'IDCG 为 0（没有任何条目有增益），无从相除：按此约定 NDCG 记为 {v}。',
  verdict_perfect: '排序已经是理想顺序。',
  verdict_high: '非常接近理想顺序。',
  verdict_mid: '还算可以，但有些相关条目排得偏后。',
  verdict_low: '相关条目大多离顶部较远。',
  verdict_zero: '前 K 位中没有相关条目。',
  step1: '第一步 · 按给定顺序计算 DCG{k}',
  step2: '第二步 · 按理想顺序计算 IDCG{k}',
  step3: '第三步 · 计算 NDCG{k}',
  step2From_list: '理想排序：把本排序自身的等级从高到低排列。',
  step2From_judgments: '理想排序：所有已标注条目按增益从高到低排列，包括排序中没有召回的相关条目。',
  step2From_judgmentsCut: '理想排序：所有已标注条目按增益从高到低排列，包括排序中没有召回的相关条目，只保留与排序等长的部分。',
  step2From_fallback: '没有给出标注，因此理想排序把本排序自身的等级从高到低排列。',
  step2Zeros: '增益为 0 的 {z} 个条目不列出，因为不会增加任何分数。IDCG{k} 是下面 {m} 行之和。',
  step2ZerosJudged: '增益为 0 的条目（无论是否已标注）不列出：它们不会增加任何分数。IDCG{k} 是下面 {m} 行之和。',
  col_position: '位置',
  col_positionLabel: '位置 i',
  col_id: 'id',
  col_grade: '等级',
  col_gain: '增益',
  col_discount: '折扣',
  col_weight: '权重',
  col_term: '单项',
  col_running: '累计',
  col_loss: '与理想相比',
  tableCaption_dcg: 'DCG{k}，每个位置一行',
  tableCaption_idcg: 'IDCG{k}，理想排序的每个位置一行',
  tableRegion: '可滚动表格：{name}',
  scrollHint: '左右滑动表格可查看其余各列 →',
  allColumns: '增益与折扣列',
  rowsShown: '显示前 {shown} 行，共 {total} 行。',
  showMore: '再显示 {n} 行',
  showAll: '显示全部 {n} 行',
  roundingNote: '表中各项四舍五入到 {d} 位小数显示；所有总和都由未经舍入的数值相加得到。',
  roundingDiff: '把上面显示的舍入值相加得到 {rounded}，而精确的 {name} 是 {exact}（舍入后为 {exactRounded}）。用舍入后的单项手算，末位可能差一点。',
  lossHeading: '分数丢在哪里',
  lossIntro: '把每个位置的单项与理想排序在同一位置的单项相比较。表中被标记的行损失最多。',
  lossShortHeading: '低于理想排序（{n} 个位置）：',
  lossAboveHeading: '高于理想排序（{n} 个位置：相关条目排在后面，而理想排序在此处的等级更低，这样会补回一部分损失）：',
  lossItem: '第 {i} 位：等级为 {rel}，理想排序此处为 {ideal}，少了 {loss}。',
  lossAboveItem: '第 {i} 位：等级为 {rel}，理想排序此处为 {ideal}，多了 {loss}。',
  lossMore: '……另有 {n} 个位置，合计 {sum}。',
  lossSums: '{short}（低于）− {above}（高于）',
  lossRounding: '把显示的舍入值相加得到 {rounded}；精确的差值是 {exact}。',
  lossNone: '没有哪个位置低于理想排序。',
  curveHeading: '各截断位置的 NDCG@k',
  curveDesc: 'NDCG@k 折线图，k 从 1 到 {n}。k = {k} 时为 {v}。',
  curveAxisK: 'k',
  curveCutoff: 'K = {k}：{v}',
  barsHeading: '每个位置的项与理想排序的项',
  barsDesc: '前 {n} 个位置的柱状图：每个位置上排序的项与理想排序的项。每根柱子指向表格中对应的行。',
  barRank: '第 {i} 位：排序中的项为 {v}',
  barIdeal: '第 {i} 位：理想排序中的项为 {v}',
  cumulativeHeading: 'DCG 与 IDCG 的累计值',
  cumulativeDesc: '前 {n} 个位置的折线图：DCG 与 IDCG 的累计值。每个点指向表格中对应的行。',
  pointRank: '第 {i} 位：累计 DCG 为 {v}',
  pointIdeal: '第 {i} 位：累计 IDCG 为 {v}',
  cumulativeFlat: '理想排序在第 {m} 位之后没有增益大于 0 的条目，因此它的累计值保持在 {v}（平直的点线），一直到第 {n} 位。',
  cumulativeNoIdeal: '理想排序中没有增益大于 0 的条目：它的累计值一直是 0。',
  chartAxisPosition: '位置（前 {n} 个）',
  chartRanking: '排序',
  chartIdeal: '理想排序',
  flowHeading: '计算的流程',
  flowGrades: '等级',
  flowGains: '增益 {f}',
  flowDiscounts: '折扣 {f}',
  flowSorted: '排序后的等级',
  tieRangeNote: '分数并列：该排序的 NDCG{k} 取决于并列项的先后。按并列规则“{policy}”得到上面的值；最差的顺序得 {min}，最好的顺序得 {max}。',
  metricsHeading: '同一排序的其他指标',
  metricsCutoff: '均按前 {k} 位计算，等级 ≥ {level} 视为相关。',
  metricsWhole: '均按整个列表计算，等级 ≥ {level} 视为相关。',
  m_cg: 'CG{k}',
  m_cg_tip: '累计增益：前 K 位的等级直接相加，前 K 位内部的顺序不影响它。',
  m_precision: 'P{k}',
  m_precision_tip: '精确率：前 K 位中相关条目所占的比例。',
  m_recall: 'R{k}',
  m_recall_tip: '召回率：全部相关条目中出现在前 K 位的比例。',
  m_ap: 'AP',
  m_ap_tip: '平均精确率：在每个相关条目的位置计算精确率，再对所有相关条目取平均。',
  m_rr: 'RR',
  m_rr_tip: '倒数排名：第一个相关条目所在位置的倒数。',
  m_err: 'ERR{k}',
  m_err_tip: '期望倒数排名：假设用户从上往下浏览，遇到等级越高的条目越可能停下；ERR 是停下位置倒数的期望。',
  m_alpha: 'α-nDCG{k}',
  m_alpha_tip: 'α-nDCG：某个子主题在前面已被覆盖过，后面的条目再覆盖它时得分打折，重复的结果不再加分。',
  m_weighted: '加权 NDCG{k}',
  m_weighted_tip: '在 DCG 和 IDCG 的每一项上乘以你设置的位置权重。',
  m_unweighted: '不加权的 NDCG{k}',
  m_unweighted_tip: '同一排序在所有位置权重都为 1 时的 NDCG。',
  presetsHeading: '同一排序在各个预设下的结果',
  presetsIntro: '把每个库的约定套用到当前输入上（保留你设置的 K 和权重）。两个工具结果不一致时，从这几列就能看出原因。',
  presetsTooLarge: '条目太多，输入时无法在每个预设下重新计算。',
  usePreset: '采用',
  usePresetLabel: '采用 {name} 预设',

};

export const STRINGS = { en, zh };
export const LANGS = Object.keys(STRINGS);

/** Adds a table {en, zh} of texts to the shared ones; a key defined twice is an error. */
export function addTexts(table) {
  // Error templates (`errors`) join the table of error templates.
  const parts = LANGS.flatMap((lang) => {
    const { errors = {}, ...texts } = table[lang];
    return [[lang, STRINGS[lang], texts], [lang, STRINGS[lang].errors, errors]];
  });
  for (const [lang, into, add] of parts) {
    for (const key in add) if (key in into) throw new Error(`the text "${key}" (${lang}) is defined twice`);
  }
  for (const [, into, add] of parts) Object.assign(into, add);
}

/** The page language for a list of browser languages: Chinese for any zh-*, else English. */
export function detectLang(languages) {
  for (const tag of languages || []) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (base === 'zh') return 'zh';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/** The string for `key` in `lang` with {placeholders} filled from `params`. */
export function t(lang, key, params) {
  const table = STRINGS[lang] || en;
  let text = key in table ? table[key] : en[key];
  if (text === undefined) return key;
  if (params && typeof text === 'string') {
    // {n|item|items}: the first word when the count reads 1.
    text = text.replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (m, name, one, many) => (String(params[name]) === '1' ? one : many))
      .replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
  }
  return text;
}

/** True when `key` has a string in English (used for optional keys such as preset summaries). */
export function has(key) {
  return key in en;
}

/** An option's label, help or placeholder in `lang` (English when missing; the key for a missing label). */
export function optionText(lang, key, part = 'label') {
  const pick = (table) => (part === 'help' ? (table.optionHelp || {})[key] : table.option[key] ? table.option[key][part] : undefined);
  const text = pick(STRINGS[lang] || en) ?? pick(en);
  return text ?? (part === 'label' ? key : '');
}

/** The name of one choice of an option (the choice itself when there is none). */
export function choiceText(lang, key, choice) {
  const pick = (table) => (table.option[key] && table.option[key].choices ? table.option[key].choices[choice] : undefined);
  return pick(STRINGS[lang] || en) ?? pick(en) ?? choice;
}

/** A choice as a table cell shows it: its short name (the choice itself when there is none). */
export function shortChoice(lang, key, choice) {
  const pick = (table) => (table.option[key] && table.option[key].short ? table.option[key].short[choice] : undefined);
  return pick(STRINGS[lang] || en) ?? pick(en) ?? String(choice);
}

/** A preset's name as the page shows it: the source article's in words, the libraries' as they are called. */
export function presetLabel(lang, name) {
  return name === 'document' ? t(lang, 'presetDocumentName') : name;
}

/** The {names} a template uses. */
export function placeholders(template) {
  return [...new Set(Array.from(template.matchAll(/\{(\w+)\}/g), (m) => m[1]))];
}

// A value an error carries, as shown: a range's open end as ∞ (not "no
// limit"), the largest whole number a double holds exactly as 2⁵³ − 1, at
// most 40 characters, control characters visible.
function shownArg(lang, name, value) {
  if (value === '' && (name === 'min' || name === 'max')) return name === 'min' ? '−∞' : '∞';
  if (name === 'max' && value === '9007199254740991') return '2⁵³ − 1';
  const text = String(value).replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * An error's message in `lang` from its code and args; the core's English
 * message when there is no template or an arg the template needs is missing.
 * An option's error starts with the option's label.
 */
export function errorText(lang, err) {
  const template = ((STRINGS[lang] || en).errors || {})[err.code];
  const args = err.args || {};
  const complete = template && placeholders(template).every((name) => name in args);
  const body = complete ? template.replace(/\{(\w+)\}/g, (m, name) => shownArg(lang, name, args[name])) : String(err.message);
  return err.source === 'options' && err.key ? t(lang, 'optionError', { label: optionText(lang, err.key), message: body }) : body;
}
