# Types of ndcg_calc.sklearn (checked against the module by tests/python/test_stubs.py).
from typing import Any, Optional, Sequence, Union

from . import Explanation

_Matrix = Union[Sequence[Sequence[float]], Any]  # a list of rows, a NumPy array or a DataFrame
_Row = Union[Sequence[float], Any]

def ndcg_score(y_true: _Matrix, y_score: _Matrix, *, k: Optional[int] = ..., sample_weight: Optional[_Row] = ...,
               ignore_ties: bool = ...) -> float: ...
def dcg_score(y_true: _Matrix, y_score: _Matrix, *, k: Optional[int] = ..., log_base: float = ...,
              sample_weight: Optional[_Row] = ..., ignore_ties: bool = ...) -> float: ...
def explain_row(y_true_row: _Row, y_score_row: _Row, *, k: Optional[int] = ..., ignore_ties: bool = ...) -> Explanation: ...
