// The reports' prose in English and in Chinese (see words.hpp).
#include "report/words.hpp"

namespace ndcg::detail {
namespace {

const report_words english = {
    "DCG{0}: the ranking as given",
    " (ideal order)",
    "IDCG{0}: the ideal order ({1}, largest gain first)",
    "all judgments",
    "this ranking's grades",
    " + … ({0} more terms)",
    "undefined (IDCG = 0, left out)",
    "Items with equal scores: in other orders NDCG{0} ranges from {1} (worst order) to {2} (best order); ties here: {3}.",
    {"input order", "docid descending (trec_eval)", "averaged over each tied group"},
    "NDCG{0} against the ranking's own ideal: ",
    "NDCG{0} against all judgments: ",
    "Terms are rounded for display; every total is summed from unrounded terms.",
    "Items with equal scores share their group's mean gain (tie averaging).",
    "* 1 of the {0} items has no judgment: it counts as grade 0.",
    "* {0} of the {1} items have no judgment: each counts as grade 0.",
    "Ranking of 1 item",
    "Ranking of {0} items",
    " (read as {0}",
    ": ",
    "; the other reading: --columns {0}",
    "columns {0}",
    "ordered by rank",
    "ordered by score, grades from the judgments",
    "ranked in the order given, grades from the judgments",
    "query {0}",
    "; ",
    ")",
    "; K = {0}",
    "none (whole list)",
    "; gain {0}; discount {1}",
    "rel_i (linear)",
    "from a per-grade table",
    "; preset {0}",
};

const compare_words english_compare = {
    "{0} runs, {1} queries; ",
    "every pair",
    "each run against {0}",
    "; bootstrap and randomization: {0} trials, seed {1}",
    "; Holm over each measure's pairs, on the {0} p-values",
    "Two-sided tests on d = B - A per query. W/L/T: queries where B is above, below, equal to A.\n"
    "t-test: paired, n - 1 df. d_z = mean(d) / sd(d). Wilcoxon: zero d dropped, ties share ranks;\n"
    "exact when n <= 50 without ties or zeros, or n <= 13; else normal, tie-corrected, no continuity\n"
    "correction. Sign test: zero d dropped, binomial. Randomization: |sum d| over sign flips, exact\n"
    "when at most 30 d are nonzero, else sampled with p = (1 + hits) / (1 + trials).\n",
    "95% CI withheld below {0} queries: a bootstrap over so few covers the mean difference far less often\n"
    "than 95% of the time. With so few queries, a p-value below 0.05 needs a large difference of\n"
    "the same sign on nearly every query.\n",
    "Tied scores: the queries whose value changes with the order of documents with equal scores,\n"
    "and the mean with tied documents in their worst and their best order (smaller or larger grades first).\n",
    "Tied scores: the mean with tied documents in their worst and best order",
};

const report_words chinese = {
    "DCG{0}：按给定次序",
    "（理想次序）",
    "IDCG{0}：理想次序（{1}，增益大的在前）",
    "全部评分",
    "本排序自身的等级",
    " + …（另有 {0} 项）",
    "无定义（IDCG = 0，不计入）",
    "分数相同的条目：换一种次序，NDCG{0} 在 {1}（最差次序）到 {2}（最佳次序）之间；此处的并列处理：{3}。",
    {"按输入次序", "按 docid 降序（trec_eval）", "在每个并列组内取平均"},
    "NDCG{0}（以本排序自身的理想次序为准）：",
    "NDCG{0}（以全部评分为准）：",
    "各项只为显示而舍入；每个总和都由未舍入的各项相加。",
    "分数相同的条目共享所在组的平均增益（并列取平均）。",
    "* {0} 个条目中有 1 个没有评分：按等级 0 计。",
    "* {1} 个条目中有 {0} 个没有评分：都按等级 0 计。",
    "排序共 1 个条目",
    "排序共 {0} 个条目",
    "（读作 {0}",
    "：",
    "；另一种读法：--columns {0}",
    "列 {0}",
    "按名次排序",
    "按分数排序，等级取自评分",
    "按给定次序排列，等级取自评分",
    "查询 {0}",
    "；",
    "）",
    "；K = {0}",
    "无（整个列表）",
    "；增益 {0}；折扣 {1}",
    "rel_i（线性）",
    "取自逐级增益表",
    "；预设 {0}",
};

const compare_words chinese_compare = {
    "{0} 个运行，{1} 个查询；",
    "两两比较",
    "每个运行都与 {0} 比较",
    "；自助法与随机化检验：{0} 次，种子 {1}",
    "；Holm 校正：在每个指标的各对之间，对 {0} 的 p 值",
    "对每个查询的 d = B - A 做双侧检验。W/L/T：B 高于、低于、等于 A 的查询数。\n"
    "t 检验：配对，自由度 n - 1。d_z = mean(d) / sd(d)。Wilcoxon：去掉 d 为零者，并列共享秩；\n"
    "n <= 50 且无并列、无零时，或 n <= 13 时精确计算；否则用正态近似，作并列校正，不作连续性校正。\n"
    "符号检验：去掉 d 为零者，按二项分布。随机化检验：翻转 d 的符号，比较 |sum d|；\n"
    "非零的 d 不超过 30 个时精确计算，否则抽样，p = (1 + hits) / (1 + trials)。\n",
    "查询少于 {0} 个时不给出 95% CI：查询这么少，自助法区间覆盖均值差的频率远低于 95%。\n"
    "查询这么少时，p 值要低于 0.05，几乎每个查询上都需要同一方向的较大差异。\n",
    "分数并列：值会随分数相同的文档的次序而变的查询，\n"
    "以及并列文档按最差与最佳次序（等级低的或高的在前）排列时的均值。\n",
    "分数并列：并列文档按最差与最佳次序排列时的均值",
};

}  // namespace

const report_words& words_of(report_language l) { return l == report_language::zh ? chinese : english; }
const compare_words& compare_words_of(report_language l) {
  return l == report_language::zh ? chinese_compare : english_compare;
}

std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args) {
  std::string out;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const std::size_t n = i + 2 < pattern.size() && pattern[i] == '{' && pattern[i + 2] == '}'
                              ? static_cast<std::size_t>(pattern[i + 1] - '0')
                              : args.size();
    if (n < args.size()) {
      out += args.begin()[n];
      i += 2;
    } else {
      out += pattern[i];
    }
  }
  return out;
}

}  // namespace ndcg::detail
