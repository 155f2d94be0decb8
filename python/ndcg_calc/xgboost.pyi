# Types of ndcg_calc.xgboost (checked against the module by tests/python/test_stubs.py).
from typing import Any, Callable, Optional, Sequence, Tuple

def metric(k: Optional[int] = ..., preset: Optional[str] = ..., measure: Optional[str] = ..., name: Optional[str] = ...,
           **options: Any) -> Callable[[Any, Any], Tuple[str, float]]: ...
def callback(eval_set: Sequence[Tuple[Any, Any]], eval_group: Optional[Sequence[Any]] = ...,
             eval_qid: Optional[Sequence[Any]] = ..., k: Optional[int] = ..., preset: Optional[str] = ...,
             measure: Optional[str] = ..., name: Optional[str] = ..., **options: Any) -> Any: ...
