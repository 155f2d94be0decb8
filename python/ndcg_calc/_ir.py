"""ir_measures' calling shape over evaluate(): calc_aggregate(measures,
qrels, run) -> {measure: mean}, iter_calc(measures, qrels, run) -> Metric
tuples, evaluator(measures, qrels) with .calc_aggregate(run) and
.iter_calc(run). Measures are ir_measures' names ("nDCG@10", "P(rel=2)@5"),
its Measure objects (read by their names) or trec_eval's names; results are
keyed by the measures as given. qrels and runs are what evaluate() takes,
ir_measures' named tuples (Qrel, ScoredDoc) and iterables of them too."""
from collections import namedtuple

from ._evaluate import evaluate
from ._inputs import trec_input

Metric = namedtuple('Metric', ['query_id', 'measure', 'value'])


def _measures(measures):
    """[(as given, name)]: a str or Measure, or an iterable of them."""
    if isinstance(measures, str) or not hasattr(measures, '__iter__'):
        measures = [measures]
    return [(m, m if isinstance(m, str) else str(m)) for m in measures]


class Evaluator:
    """evaluator(measures, qrels): the qrels turned into the core's input once,
    then each run evaluated against them (the core releases the GIL, so runs
    evaluate in parallel on threads)."""

    def __init__(self, measures, qrels, **options):
        self._measures = _measures(measures)
        self._qrels = trec_input(qrels, 'qrels')[1] if _is_values(qrels) else qrels
        self._options = options

    def _evaluate(self, run):
        return evaluate(self._qrels, run, [name for _, name in self._measures], **self._options)

    def calc_aggregate(self, run):
        """{measure: the mean over the queries} (the "all" line)."""
        result = self._evaluate(run)
        return {given: result.mean[name] for given, name in self._measures}

    def iter_calc(self, run):
        """Metric(query_id, measure, value) for each query and measure, queries in trec_eval's order."""
        result = self._evaluate(run)
        for qid, values in result.items():
            for given, name in self._measures:
                if name in values:
                    yield Metric(qid, given, values[name])


def _is_values(value):
    """Python values (dicts, frames, records): turned into text once, not a file or text already."""
    return not isinstance(value, (str, bytes, bytearray, memoryview)) and not hasattr(value, '__fspath__')


def evaluator(measures, qrels, **options):
    """An Evaluator of `measures` against `qrels`; options as evaluate() takes them."""
    return Evaluator(measures, qrels, **options)


def calc_aggregate(measures, qrels, run, **options):
    """{measure: mean} of `run` against `qrels`, as ir_measures.calc_aggregate."""
    return Evaluator(measures, qrels, **options).calc_aggregate(run)


def iter_calc(measures, qrels, run, **options):
    """Metric(query_id, measure, value) tuples, as ir_measures.iter_calc."""
    return Evaluator(measures, qrels, **options).iter_calc(run)
