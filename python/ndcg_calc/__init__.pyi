# Types of the public API (checked against the module by tests/python/test_stubs.py).
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal, NamedTuple, Optional, Union

_Text = Union[str, bytes]
_Source = Union[str, bytes, os.PathLike[str], Mapping[str, Mapping[str, float]], Any]
_Numbers = Union[Sequence[float], Any]  # a list, tuple or NumPy array
_Ranking = Union[str, bytes, os.PathLike[str], _Numbers, Mapping[str, Sequence[Any]], Any]
_Format = Literal['text', 'markdown', 'md', 'json', 'csv', 'latex', 'tex', 'html']
_Measures = Union[str, Sequence[str], None]

__version__: str
MIN_INTERVAL_QUERIES: int

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
    format: Optional[str]
    reading: dict[str, Optional[str]]  # note, columns, other (--columns of the other reading), query
    preset: Optional[str]
    options: dict[str, Any]
    k: int
    n: int
    dcg: float
    idcg: float
    ndcg: Optional[float]
    tie_range: dict[str, Optional[float]]
    cg: float
    has_judgments: bool
    in_ideal_order: bool
    metrics: dict[str, float]
    steps: list[dict[str, Any]]
    ideal_steps: list[dict[str, Any]]
    ndcg_at: list[Optional[float]]
    loss: list[Optional[float]]
    items: int
    matching_preset: str
    def __init__(self, core: Any) -> None: ...
    def __getitem__(self, name: str) -> Any: ...
    def __iter__(self) -> Iterator[str]: ...
    def __len__(self) -> int: ...
    def render(self, format: _Format = ...) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...
    def _repr_html_(self) -> str: ...
    def _repr_markdown_(self) -> str: ...

class Evaluation(dict[str, dict[str, Optional[float]]]):
    mean: dict[str, Optional[float]]
    measures: list[str]
    num_q: int
    run_id: str
    not_offered: list[str]
    notes: list[str]
    text: str
    ci95: Optional[dict[str, list[Optional[float]]]]
    ci_queries: Optional[dict[str, int]]
    read_as: dict[str, str]
    readings: list[str]
    def __init__(self, reply: Mapping[str, Any], read_as: Mapping[str, str]) -> None: ...

class ArrayEvaluation(Mapping[str, dict[str, Optional[float]]]):
    columns: dict[str, list[Any]]
    qids: list[str]
    mean: dict[str, Any]
    measures: list[str]
    num_q: int
    run_id: str
    not_offered: list[str]
    notes: list[str]
    text: str
    ci95: Optional[dict[str, list[Optional[float]]]]
    ci_queries: Optional[dict[str, int]]
    read_as: dict[str, str]
    readings: list[str]
    def __init__(self, reply: Mapping[str, Any], read_as: Mapping[str, str]) -> None: ...
    def __getitem__(self, qid: str) -> dict[str, Optional[float]]: ...
    def __iter__(self) -> Iterator[str]: ...
    def __len__(self) -> int: ...

class Comparison(dict[str, Any]):
    runs: list[str]
    measures: list[str]
    qids: list[str]
    comparisons: list[dict[str, Any]]
    tie_ranges: list[dict[str, Any]]
    per_query: dict[str, list[list[Optional[float]]]]
    per_query_worst: Optional[dict[str, list[list[Optional[float]]]]]
    per_query_best: Optional[dict[str, list[list[Optional[float]]]]]
    readings: list[str]
    trials: int
    seed: int
    holm_test: str
    text: str

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
