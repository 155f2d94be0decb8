"""ir_measures' calling shape over evaluate(): calc_aggregate(measures,
qrels, run) -> {measure: mean}, iter_calc(measures, qrels, run) -> Metric
tuples, evaluator(measures, qrels) with .calc_aggregate(run) and
.iter_calc(run). Measures are ir_measures' names ("nDCG@10", "P(rel=2)@5"),
its Measure objects (read by their names) or trec_eval's names; results are
keyed by the measures as given. qrels and runs are what evaluate() takes,
ir_measures' named tuples (Qrel, ScoredDoc) and iterables of them too.
An evaluator reads its qrels once; calc_aggregate and iter_calc make one."""
from collections import namedtuple

import os

from .. import _core
from .evaluate import Evaluation, _text_of, evaluate
from .inputs import _is_frame, frame_columns, trec_input
from .options import option_texts

Metric = namedtuple('Metric', ['query_id', 'measure', 'value'])


def _measures(measures):
    """[(as given, name)]: a str or Measure, or an iterable of them."""
    if isinstance(measures, str) or not hasattr(measures, '__iter__'):
        measures = [measures]
    return [(m, m if isinstance(m, str) else str(m)) for m in measures]


class Evaluator:
    """evaluator(measures, qrels): the qrels read and indexed once by the
    core, then each run evaluated against that index with the GIL released,
    so runs evaluated on several threads run at once. A run is read on the
    calling thread and its queries evaluated on a second one (threads=0,
    the default) unless another evaluation runs on this evaluator then: so
    runs on several threads ask for no more threads than they are. threads=1:
    never a second thread; threads=2: always."""

    def __init__(self, measures, qrels, *, threads=0, **options):
        self._threads = threads
        self._measures = _measures(measures)
        self._options = option_texts(dict(options, measures=[name for _, name in self._measures]))
        self._read_as = {}
        if _is_frame(qrels):  # its columns, as evaluate() hands a frame over
            self._read_as['qrels'] = type(qrels).__name__
            self._judgments = _core.Judgments(frame_columns(qrels), type(qrels).__name__, self._options)
        else:
            self._judgments = _core.Judgments(_text_of(qrels, 'qrels', self._read_as), self._options)

    def evaluate(self, run):
        """The run's Evaluation, as evaluate(qrels, run, measures, **options) gives it."""
        if _is_frame(run):
            reply = self._judgments.evaluate_columns(frame_columns(run), type(run).__name__, self._options,
                                                     self._threads)
            return Evaluation(reply, dict(self._read_as, run=type(run).__name__))
        kind, value = trec_input(run, 'run')
        read_as = dict(self._read_as, run='file' if kind == 'path' else (
            'text' if isinstance(run, (str, bytes, bytearray, memoryview)) else type(run).__name__))
        reply = self._judgments.evaluate(os.fsencode(value) if kind == 'path' else value, kind == 'path',
                                         self._options, self._threads)
        return Evaluation(reply, read_as)

    def calc_aggregate(self, run):
        """{measure: the mean over the queries} (the "all" line)."""
        return _means(self._measures, self.evaluate(run))

    def iter_calc(self, run):
        """Metric(query_id, measure, value) for each query and measure, queries in trec_eval's order."""
        return _metrics(self._measures, self.evaluate(run))


def _means(measures, result):
    return {given: result.mean[name] for given, name in measures}


def _metrics(measures, result):
    for qid, values in result.items():
        for given, name in measures:
            if name in values:
                yield Metric(qid, given, values[name])


def _once(measures, qrels, run, options):
    """([(as given, name)], the Evaluation) of one run: DataFrames both go to
    the core as their columns (evaluate()), anything else by an Evaluator."""
    if _is_frame(qrels) and _is_frame(run):
        named = _measures(measures)
        return named, evaluate(qrels, run, [name for _, name in named], **options)
    e = Evaluator(measures, qrels, **options)
    return e._measures, e.evaluate(run)


def evaluator(measures, qrels, *, threads=0, **options):
    """An Evaluator of `measures` against `qrels`; options as evaluate() takes them, threads as Evaluator's."""
    return Evaluator(measures, qrels, threads=threads, **options)


def calc_aggregate(measures, qrels, run, **options):
    """{measure: mean} of `run` against `qrels`, as ir_measures.calc_aggregate."""
    return _means(*_once(measures, qrels, run, options))


def iter_calc(measures, qrels, run, **options):
    """Metric(query_id, measure, value) tuples, as ir_measures.iter_calc."""
    return _metrics(*_once(measures, qrels, run, options))
