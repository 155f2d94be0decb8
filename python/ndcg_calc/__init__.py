"""ndcg_calc: NDCG@K explained step by step, trec_eval-compatible batch
evaluation and paired tests between runs, from the same C++ core as the
`ndcg` command and the WebAssembly module.

    explain(ranking, k=None, preset=None, qrels=None, **options) -> Explanation
    evaluate(qrels, run, measures=None, **options) -> Evaluation ({qid: {measure: value}})
    evaluate(labels, scores, measures, group=sizes) -> ArrayEvaluation (arrays as memory)
    compare(qrels, runs, measures=None, **options) -> Comparison
    merge(partials, **options) -> ArrayEvaluation   parts of a run split by query, merged exactly
    ndcg_calc.dask.evaluate(run, qrels, measures)    a run held in Dask (imports Dask)
    RelevanceEvaluator(qrels, measures).evaluate(run)   pytrec_eval's interface
    calc_aggregate(measures, qrels, run), iter_calc(...), evaluator(measures, qrels)   ir_measures' interface
    ndcg_calc.sklearn.ndcg_score(Y, S, k=10)        scikit-learn's ndcg_score and dcg_score (imports NumPy)
    ndcg_calc.xgboost.metric(k=10)                  a custom_metric for xgb.train; .callback for XGBRanker
    ndcg_calc.lightgbm.feval(k=10)                  an feval for lgb.train

Every error is an NdcgError (a ValueError) with code, source, line and column.
"""
from . import _core
from ._impl.arrays import ArrayEvaluation
from ._impl.compare import Comparison, compare
from ._impl.errors import NdcgError
from ._impl.evaluate import Evaluation, evaluate
from ._impl.explain import Explanation, explain
from ._impl.ir import Evaluator, Metric, calc_aggregate, evaluator, iter_calc
from ._impl.merge import merge
from ._impl.pytrec import (RelevanceEvaluator, compute_aggregated_measure, parse_qrel, parse_run, supported_measures,
                      supported_nicknames)

__version__ = '0.1.0'

# compare() withholds the bootstrap interval of a comparison over fewer queries (ci95 None,
# interval 'withheld'): a bootstrap over so few covers the true difference far too rarely.
MIN_INTERVAL_QUERIES = _core.MIN_INTERVAL_QUERIES

__all__ = [
    'explain', 'Explanation', 'evaluate', 'Evaluation', 'ArrayEvaluation', 'compare', 'Comparison', 'merge', 'NdcgError',
    'RelevanceEvaluator', 'supported_measures', 'supported_nicknames', 'parse_run', 'parse_qrel',
    'compute_aggregated_measure', 'option_schema', 'trec_option_schema', 'compare_option_schema', 'error_codes', 'presets',
    'measure_names', 'describe_measure', 'MIN_INTERVAL_QUERIES', 'calc_aggregate', 'iter_calc', 'evaluator', 'Evaluator', 'Metric',
]


def option_schema():
    """explain's options, one dict per row of the core's option table: key,
    flag, kind, choices, min, max, default, help, above_min, preset, and for
    a row whose value also chooses another's, implies ("gain=table")."""
    return _core.option_schema()


def trec_option_schema():
    """evaluate()'s options: the rows of the option table that `ndcg trec`
    takes (as its --help lists them), with its defaults and short flags."""
    return _core.trec_option_schema()


def compare_option_schema():
    """compare()'s options: the rows of the option table that `ndcg compare`
    takes (as its --help lists them), with its defaults and short flags."""
    return _core.compare_option_schema()


def error_codes():
    """Every NdcgError code with the names of the values it carries."""
    return _core.error_codes()


def presets():
    """The named conventions: name, summary and the options each sets."""
    return _core.presets()


def measure_names():
    """The measure names evaluate() takes (trec_eval's, `ndcg trec -m`)."""
    return list(_core.measure_tables()['names'])


def describe_measure(name):
    """What `ndcg trec --help-measure NAME` prints, as a dict: name, help,
    about (what it computes, its formula), parameters, all (the
    "all" line), ties, unjudged, level (-l), judged_only (-J), text. NAME as
    evaluate()'s measures take it ("ndcg_cut", "ndcg_cut.10") or as printed
    ("P_5"); an unknown one raises NdcgError (unknown-measure)."""
    return _core.describe_measure(name)
