# Types of the public API (checked against the module by tests/python/test_stubs.py).
# The results' fields come from the core's field lists (cpp/include/ndcg/result_fields.hpp).
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal, NamedTuple, Optional, TypedDict, Union

from typing_extensions import NotRequired

_Text = Union[str, bytes]
_Source = Union[str, bytes, os.PathLike[str], Mapping[str, Mapping[str, float]], Any]
_Numbers = Union[Sequence[float], Any]  # a list, tuple or NumPy array
_Ranking = Union[str, bytes, os.PathLike[str], _Numbers, Mapping[str, Sequence[Any]], Any]
_Format = Literal['text', 'markdown', 'md', 'json', 'csv', 'latex', 'tex', 'html']
_Measures = Union[str, Sequence[str], None]

__version__: str
MIN_INTERVAL_QUERIES: int

class _Step(TypedDict):
    position: int
    """1-based position in the ranking."""
    id: Optional[str]
    """The item's id; null when the input gives grades only."""
    rel: float
    """The item's grade (relevance)."""
    gain: float
    """The gain of the grade (2^rel - 1 for exponential gain)."""
    discount: float
    """The discount at this position (log2(position + 1) by default)."""
    weight: float
    """The position's weight (1 unless weights are given)."""
    contribution: float
    """gain / discount * weight: this row's share of DCG."""
    cumulative: float
    """DCG up to this position."""
    judged: bool
    """False when judgments were given and hold none for this item (it counts as grade 0)."""

class _Reading(TypedDict):
    note: Optional[str]
    """In words: "ordered by score, grades from the judgments"; null when the format says it all."""
    columns: Optional[str]
    """A table's columns as read ("query,doc,score,rel")."""
    other: Optional[str]
    """The columns option that reads the same text the other way ("doc,rel"), or null."""
    query: Optional[str]
    """The query read, when the input names one."""

class _TieRange(TypedDict):
    min: Optional[float]
    """NDCG with tied items in their worst order."""
    max: Optional[float]
    """NDCG with tied items in their best order."""

class _Metrics(TypedDict):
    precision: float
    """Relevant items in the top K over K."""
    recall: float
    """Relevant items in the top K over all relevant items."""
    average_precision: float
    """Mean of the precision at each relevant item's position."""
    reciprocal_rank: float
    """1 over the position of the first relevant item (0 when none)."""
    err: float
    """Expected reciprocal rank over the top K."""
    alpha_dcg: NotRequired[float]
    """alpha-DCG over the subtopics. Only with subtopics."""
    alpha_idcg: NotRequired[float]
    """alpha-DCG of the greedy ideal order. Only with subtopics."""
    alpha_ndcg: NotRequired[float]
    """alpha-DCG over alpha-IDCG. Only with subtopics."""

class _BatchReading(TypedDict):
    name: str
    """The input's name ("qrels", "run", or the name given)."""
    run: int
    """The run's number, from 1 in the order given; 0 for the judgments (with both, the one file)."""
    format: Literal['trec', 'csv', 'tsv', 'json', 'jsonl', 'dict', 'letor', 'predictions', 'msmarco']
    """What it was read as: 'json' and 'jsonl' are records, 'dict' is {qid: {docid: number}} (scores for a run, grades for judgments)."""
    gzip: bool
    """True when it was unpacked from gzip."""
    both: bool
    """True when the one file holds the run and the judgments."""
    columns: dict[str, str]
    """By role (query, doc, score, rank, rel, tag): the column or key read as it."""
    notes: list[Literal['score-is-rel', 'doc-positions', 'rank-order', 'from-group']]
    """What else was read so: the score is the judgment (no rel column), doc ids are positions in the query, ordered by rank (score = -rank), LETOR's queries from the group file."""
    ignored: list[str]
    """Columns or keys read as nothing."""
    lines: int
    """LETOR: the lines read (0 otherwise)."""
    queries: int
    """LETOR: the queries they make (0 otherwise)."""
    of: str
    """Predictions: the LETOR file whose lines they score ('' otherwise)."""

class _Comparison(TypedDict):
    measure: str
    """The measure."""
    run_a: str
    """The first run of the pair."""
    run_b: str
    """The second run of the pair."""
    queries: int
    """Queries both runs have a value for."""
    mean_a: float
    """run_a's mean over those queries."""
    mean_b: float
    """run_b's mean over those queries."""
    diff: float
    """mean_b - mean_a."""
    ci95: list[Optional[float]]
    """A bootstrap 95% interval of diff; [null, null] when withheld (see interval)."""
    interval: Literal['bootstrap', 'withheld']
    """'withheld' below 10 queries, where a bootstrap interval covers the difference too rarely."""
    effect_size: Optional[float]
    """Cohen's d_z of the per-query differences; null when they do not vary."""
    wins: int
    """Queries where run_b is higher."""
    losses: int
    """Queries where run_b is lower."""
    ties: int
    """Queries where both are equal."""
    p_ttest: Optional[float]
    """Two-sided p of the paired t-test; null when the differences do not vary."""
    p_wilcoxon: Optional[float]
    """Two-sided p of the Wilcoxon signed-rank test."""
    p_sign: float
    """Two-sided p of the sign test."""
    p_randomization: float
    """Two-sided p of the paired randomization test."""
    p_holm: NotRequired[Optional[float]]
    """Holm-adjusted p of the holm_test. Only with several pairs."""
    wilcoxon: Literal['exact', 'normal']
    """How p_wilcoxon was computed."""
    randomization: Literal['exact', 'sampled']
    """How p_randomization was computed: every sign flip, or trials of them."""

class _TieRangeSummary(TypedDict):
    measure: str
    """The measure."""
    run: str
    """The run."""
    queries_changed: int
    """Queries whose value differs between the worst and the best order."""
    mean_min: float
    """The mean with tied documents in their worst order."""
    mean_max: float
    """The mean with tied documents in their best order."""


class NdcgError(ValueError):
    message: str
    code: str
    source: str
    key: str
    index: int
    line: int
    column: int
    values: dict[str, str]
    reason: str
    def __init__(self, message: str, code: str = ..., source: str = ..., key: str = ..., index: int = ...,
                 line: int = ..., column: int = ..., args: Optional[Mapping[str, str]] = ...,
                 reason: Optional[str] = ...) -> None: ...

class Explanation(Mapping[str, Any]):
    format: str
    """The input format that was detected (never null: every input is read as one)."""
    reading: _Reading
    """How the input was read."""
    preset: Optional[str]
    """The preset given, else the one the options match; null when they match none."""
    options: dict[str, Any]
    """Every option with the value it had."""
    k: int
    """The cutoff K (0: the whole ranking)."""
    n: int
    """Items in the ranking."""
    dcg: float
    """DCG@K of the ranking."""
    idcg: float
    """DCG@K of the ideal order."""
    ndcg: Optional[float]
    """DCG over IDCG; null when IDCG = 0 under zero_idcg 'skip'."""
    tie_range: _TieRange
    """NDCG under the worst and the best order of items with equal scores (min = max when none tie)."""
    cg: float
    """Cumulative gain: the top K's gains, undiscounted."""
    has_judgments: bool
    """True when judgments (qrels) were given."""
    unjudged: int
    """Items of the ranking without a judgment. Only with judgments."""
    idcg_list: float
    """IDCG of the ranking's own items, as scikit-learn takes it. Only with judgments."""
    ndcg_list: float
    """NDCG against idcg_list. Only with judgments."""
    idcg_judged: float
    """IDCG of every judged item, as trec_eval takes it. Only with judgments."""
    ndcg_judged: float
    """NDCG against idcg_judged. Only with judgments."""
    missed: int
    """Judged items with a gain above 0 that the ranking does not hold. Only with judgments."""
    missed_ids: list[str]
    """Their ids, largest gain first. Only with judgments."""
    in_ideal_order: bool
    """True when the top K follows the ideal order gain by gain (not merely DCG = IDCG)."""
    metrics: _Metrics
    """The other measures of the same ranking."""
    steps: list[_Step]
    """One row per position of the ranking."""
    ideal_steps: list[_Step]
    """One row per position of the ideal order."""
    ndcg_at: list[Optional[float]]
    """NDCG@k for k = 1..n; null where IDCG@k = 0 under zero_idcg 'skip'."""
    loss: list[float]
    """Per position, the ideal term minus the actual one: always a number."""
    items: int
    """Items read from the input."""
    matching_preset: str
    """The preset whose options are the ones given, or ''."""
    def __init__(self, core: Any) -> None: ...
    def __getitem__(self, name: str) -> Any: ...
    def __iter__(self) -> Iterator[str]: ...
    def __len__(self) -> int: ...
    def render(self, format: _Format = ...) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...
    def _repr_html_(self) -> str: ...
    def _repr_markdown_(self) -> str: ...

class Evaluation(dict[str, dict[str, Optional[float]]]):
    measures: list[str]
    """The measures' printed names ("ndcg_cut_10", "P_5"), in column order."""
    qids: list[str]
    """The evaluated queries, in trec_eval's order."""
    mean: dict[str, Optional[float]]
    """The "all" values (not relstring's, which has none); gm_map's is the geometric mean, runid's is null (see run_id)."""
    num_q: int
    """Queries evaluated."""
    run_id: str
    """The tag of the run's last line, as trec_eval's runid line prints it."""
    summary_only: list[str]
    """Measures with an "all" value only, in no row of per_query (num_q, gm_map; with tie_range, NAME:ties)."""
    counts: list[str]
    """Measures that count (num_q, num_ret, num_rel, num_rel_ret, ...): whole numbers, printed without decimals."""
    not_offered: list[str]
    """Measures that all_trec named and that are not computed."""
    notes: list[str]
    """Readings taken and trec_eval's faults avoided, as `ndcg trec` says them on stderr."""
    readings: list[str]
    """How each input that is not plain TREC was read, as `ndcg trec` says on stderr."""
    inputs: list[_BatchReading]
    """The same readings as fields, in the same order."""
    text: str
    """`ndcg trec`'s output: text, or JSON or CSV as format says; no_summary, per_query, digits as its flags."""
    ci95: Optional[dict[str, list[Optional[float]]]]
    """A seeded bootstrap 95% interval of each mean over queries; [null, null] under 10 queries. Only with ci."""
    ci_queries: Optional[dict[str, int]]
    """The queries each interval rests on. Only with ci."""
    read_as: dict[str, str]
    """How each input was read: {'qrels': 'file'|'text'|..., 'run': ...}."""
    def __init__(self, reply: Mapping[str, Any], read_as: Mapping[str, str]) -> None: ...

class ArrayEvaluation(Mapping[str, dict[str, Optional[float]]]):
    columns: dict[str, list[Any]]
    """{measure: [value per query, in qids order]}."""
    measures: list[str]
    """The measures' printed names ("ndcg_cut_10", "P_5"), in column order."""
    qids: list[str]
    """The evaluated queries, in trec_eval's order."""
    mean: dict[str, Optional[float]]
    """The "all" values (not relstring's, which has none); gm_map's is the geometric mean, runid's is null (see run_id)."""
    num_q: int
    """Queries evaluated."""
    run_id: str
    """The tag of the run's last line, as trec_eval's runid line prints it."""
    summary_only: list[str]
    """Measures with an "all" value only, in no row of per_query (num_q, gm_map; with tie_range, NAME:ties)."""
    counts: list[str]
    """Measures that count (num_q, num_ret, num_rel, num_rel_ret, ...): whole numbers, printed without decimals."""
    not_offered: list[str]
    """Measures that all_trec named and that are not computed."""
    notes: list[str]
    """Readings taken and trec_eval's faults avoided, as `ndcg trec` says them on stderr."""
    readings: list[str]
    """How each input that is not plain TREC was read, as `ndcg trec` says on stderr."""
    inputs: list[_BatchReading]
    """The same readings as fields, in the same order."""
    text: str
    """`ndcg trec`'s output: text, or JSON or CSV as format says; no_summary, per_query, digits as its flags."""
    ci95: Optional[dict[str, list[Optional[float]]]]
    """A seeded bootstrap 95% interval of each mean over queries; [null, null] under 10 queries. Only with ci."""
    ci_queries: Optional[dict[str, int]]
    """The queries each interval rests on. Only with ci."""
    read_as: dict[str, str]
    """How each input was read: {'qrels': 'labels', 'run': 'scores'}."""
    def __init__(self, reply: Mapping[str, Any], read_as: Mapping[str, str]) -> None: ...
    def __getitem__(self, qid: str) -> dict[str, Optional[float]]: ...
    def __iter__(self) -> Iterator[str]: ...
    def __len__(self) -> int: ...

class Comparison(dict[str, Any]):
    runs: list[str]
    """The runs' names, the first being the baseline."""
    measures: list[str]
    """The measures compared."""
    qids: list[str]
    """The queries, in the order of per_query's lists."""
    comparisons: list[_Comparison]
    """One per measure and pair of runs."""
    tie_ranges: list[_TieRangeSummary]
    """By measure, then run; empty with tie_range off."""
    per_query: dict[str, list[list[Optional[float]]]]
    """per_query[measure][run][query], in the order of runs and qids."""
    per_query_worst: Optional[dict[str, list[list[Optional[float]]]]]
    """The same with tied documents in their worst order; null with tie_range off."""
    per_query_best: Optional[dict[str, list[list[Optional[float]]]]]
    """The same with tied documents in their best order; null with tie_range off."""
    trials: int
    """Bootstrap and randomization trials."""
    seed: int
    """The seed of the trials."""
    holm_test: str
    """The test whose p values Holm's method adjusts."""
    readings: list[str]
    """How each input that is not plain TREC was read, as `ndcg compare` says on stderr."""
    inputs: list[_BatchReading]
    """The same readings as fields, in the same order."""
    text: str
    """The report in the format asked for (text by default), byte for byte `ndcg compare --format`'s."""

class RelevanceEvaluator:
    def __init__(self, query_relevance: Mapping[str, Mapping[str, int]], measures: Iterable[str],
                 relevance_level: int = ..., judged_docs_only_flag: bool = ...) -> None: ...
    def evaluate(self, scores: Mapping[str, Mapping[str, float]]) -> dict[str, dict[str, float]]: ...

class Metric(NamedTuple):
    query_id: str
    measure: Any
    value: Optional[float]

class Evaluator:
    def __init__(self, measures: Any, qrels: Any, *, threads: int = ..., **options: Any) -> None: ...
    def evaluate(self, run: Any) -> Evaluation: ...
    def calc_aggregate(self, run: Any) -> dict[Any, Optional[float]]: ...
    def iter_calc(self, run: Any) -> Iterator[Metric]: ...

def evaluator(measures: Any, qrels: Any, *, threads: int = ..., **options: Any) -> Evaluator: ...
def calc_aggregate(measures: Any, qrels: Any, run: Any, **options: Any) -> dict[Any, Optional[float]]: ...
def iter_calc(measures: Any, qrels: Any, run: Any, **options: Any) -> Iterator[Metric]: ...

supported_measures: frozenset[str]
supported_nicknames: dict[str, set[str]]

def explain(ranking: _Ranking, k: Optional[int] = ..., preset: Optional[str] = ...,
            qrels: Union[_Source, Mapping[str, float], None] = ..., **options: Any) -> Explanation: ...
def evaluate(qrels: Union[_Source, _Numbers], run: Union[_Source, _Numbers, None] = ..., measures: _Measures = ..., *,
             group: Union[_Numbers, _Source, None] = ..., qid: Optional[Sequence[Any]] = ..., subtopics: Optional[_Source] = ...,
             zscores: Optional[_Source] = ..., threads: int = ..., **options: Any) -> Union[Evaluation, ArrayEvaluation]: ...
def compare(qrels: _Source, runs: Union[Sequence[_Source], Mapping[str, _Source]], measures: _Measures = ..., *,
            group: Union[_Numbers, _Source, None] = ..., **options: Any) -> Comparison: ...
def merge(partials: Iterable[Union[Evaluation, ArrayEvaluation, Mapping[str, Any], _Text, os.PathLike[str]]],
          **options: Any) -> ArrayEvaluation: ...
def parse_run(f_run: Union[Iterable[str], _Text]) -> dict[str, dict[str, float]]: ...
def parse_qrel(f_qrel: Union[Iterable[str], _Text]) -> dict[str, dict[str, int]]: ...
def compute_aggregated_measure(measure: str, values: Iterable[float]) -> float: ...
def option_schema() -> list[dict[str, Any]]: ...
def trec_option_schema() -> list[dict[str, Any]]: ...
def compare_option_schema() -> list[dict[str, Any]]: ...
def error_codes() -> list[dict[str, str]]: ...
def presets() -> list[dict[str, Any]]: ...
def measure_names() -> list[str]: ...
def describe_measure(name: str) -> dict[str, Any]: ...
