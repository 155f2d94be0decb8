# Types of ndcg_calc.lightgbm (checked against the module by tests/python/test_stubs.py).
from typing import Any, Callable, Optional, Tuple

def feval(k: Optional[int] = ..., preset: Optional[str] = ..., measure: Optional[str] = ..., name: Optional[str] = ...,
          **options: Any) -> Callable[[Any, Any], Tuple[str, float, bool]]: ...
