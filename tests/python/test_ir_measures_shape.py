"""ir_measures' calling shape: calc_aggregate, iter_calc and evaluator give
evaluate()'s numbers, keyed by the measures as given, from every input
shape ir_measures takes (dicts, DataFrames, named tuples, file paths)."""
from collections import namedtuple

import pandas as pd
import pytest

import ndcg_calc
from conftest import QRELS, RUN

MEASURES = ['nDCG@10', 'P(rel=2)@5', 'AP', 'RR', 'SetF(beta=0.5)', 'NumQ']
Qrel = namedtuple('Qrel', ['query_id', 'doc_id', 'relevance', 'iteration'])
ScoredDoc = namedtuple('ScoredDoc', ['query_id', 'doc_id', 'score'])


def _read(path):
    with open(path) as f:
        return [line.split() for line in f if line.strip()]


def _inputs():
    qrels = [Qrel(q, d, int(r), it) for q, it, d, r in _read(QRELS)]
    run = [ScoredDoc(q, d, float(s)) for q, _, d, _, s, *_ in _read(RUN)]
    qrels_dict, run_dict = {}, {}
    for r in qrels:
        qrels_dict.setdefault(r.query_id, {})[r.doc_id] = r.relevance
    for r in run:
        run_dict.setdefault(r.query_id, {})[r.doc_id] = r.score
    frames = (pd.DataFrame([r._asdict() for r in qrels]).drop(columns='iteration'), pd.DataFrame(run))
    return {'paths': (QRELS, RUN), 'dicts': (qrels_dict, run_dict), 'tuples': (qrels, run),
            'generators': (qrels, (r for r in run)), 'frames': frames}


def test_calc_aggregate_and_iter_calc_give_evaluate_s_numbers_from_every_input_shape():
    want = ndcg_calc.evaluate(QRELS, RUN, MEASURES)
    assert sorted(want.measures) == sorted(MEASURES)
    for shape, (qrels, run) in _inputs().items():
        got = ndcg_calc.calc_aggregate(MEASURES, qrels, run)
        assert got == {m: want.mean[m] for m in MEASURES}, shape
    per_query = list(ndcg_calc.iter_calc(MEASURES, QRELS, RUN))
    assert all(isinstance(m, ndcg_calc.Metric) for m in per_query)
    assert {(m.query_id, m.measure): m.value for m in per_query} == {
        (q, m): v for q, values in want.items() for m, v in values.items() if m in MEASURES}


def test_an_evaluator_holds_its_qrels_and_evaluates_many_runs():
    qrels, run = _inputs()['dicts']
    ev = ndcg_calc.evaluator(['nDCG@10', 'P@5'], qrels)
    first = ev.calc_aggregate(run)
    assert first == ev.calc_aggregate(run) == ndcg_calc.calc_aggregate(['nDCG@10', 'P@5'], QRELS, RUN)
    # The same numbers as trec_eval's names: nDCG@10 is ndcg_cut_10, P@5 is P_5.
    trec = ndcg_calc.evaluate(QRELS, RUN, ['ndcg_cut.10', 'P.5'])
    assert first == {'nDCG@10': trec.mean['ndcg_cut_10'], 'P@5': trec.mean['P_5']}
    assert [m.measure for m in ev.iter_calc(run)][:2] == ['nDCG@10', 'P@5']


class _Measure:
    """Stands for an ir_measures Measure: read by its name."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


def test_measure_objects_key_the_results_as_given():
    m = _Measure('P(rel=2)@5')
    got = ndcg_calc.calc_aggregate([m], QRELS, RUN)
    assert list(got) == [m]
    assert got[m] == ndcg_calc.evaluate(QRELS, RUN, ['P.5'], relevance_level=2).mean['P_5']


def test_a_parameter_trec_eval_lacks_is_refused_named():
    with pytest.raises(ndcg_calc.NdcgError, match='dcg'):
        ndcg_calc.calc_aggregate(["nDCG(dcg='exp-log2')@10"], QRELS, RUN)


def test_one_evaluator_on_several_threads_gives_each_run_its_own_numbers():
    from concurrent.futures import ThreadPoolExecutor
    with open(RUN) as f:
        lines = f.read().splitlines()
    runs = ['\n'.join(lines[:cut]) + '\n' for cut in (500, 1000, 2000, len(lines))]
    ev = ndcg_calc.evaluator(['nDCG@10', 'AP', 'P(rel=2)@5'], QRELS)
    with ThreadPoolExecutor(2) as pool:
        got = list(pool.map(ev.calc_aggregate, runs * 2))
    want = [ndcg_calc.calc_aggregate(['nDCG@10', 'AP', 'P(rel=2)@5'], QRELS, run) for run in runs]
    assert got == want * 2
    assert len({tuple(g.values()) for g in want}) == 4  # four runs, four sets of numbers
    full = ev.evaluate(RUN)
    assert full.mean == ndcg_calc.evaluate(QRELS, RUN, ['nDCG@10', 'AP', 'P(rel=2)@5']).mean


def test_an_evaluators_threads_change_no_number():
    # threads=1: the calling thread alone; 2: always a second thread; 0: a second thread unless
    # another call runs on the evaluator (the calls on the pool's two threads overlap).
    from concurrent.futures import ThreadPoolExecutor
    with open(RUN) as f:
        lines = f.read().splitlines()
    runs = ['\n'.join(lines[:cut]) + '\n' for cut in (700, 1500, len(lines))]
    measures = ['nDCG@10', 'AP', 'P@5', 'NumRet']
    want = [dict(ndcg_calc.evaluate(QRELS, run, measures)) for run in runs]
    for threads in (0, 1, 2):
        ev = ndcg_calc.evaluator(measures, QRELS, threads=threads)
        with ThreadPoolExecutor(2) as pool:
            got = list(pool.map(lambda run: dict(ev.evaluate(run)), runs * 3))
        assert got == want * 3, threads
    with pytest.raises(TypeError):
        ndcg_calc.evaluator(measures, QRELS, threads='two').calc_aggregate(RUN)


def test_frames_reach_the_core_as_columns(monkeypatch):
    from ndcg_calc._impl import inputs
    qrels, run = _inputs()['frames']
    want = ndcg_calc.calc_aggregate(MEASURES, QRELS, RUN)
    monkeypatch.setattr(inputs, 'frame_text', lambda frame: pytest.fail('a frame went as text'))
    assert ndcg_calc.calc_aggregate(MEASURES, qrels, run) == want
    assert len(list(ndcg_calc.iter_calc(MEASURES, qrels, run))) == len(list(ndcg_calc.iter_calc(MEASURES, QRELS, RUN)))


def test_an_evaluator_takes_frames_as_columns(monkeypatch):
    # qrels and runs as frames, or either beside a file: evaluate()'s numbers and readings, no CSV text between.
    from ndcg_calc._impl import inputs
    qrels, run = _inputs()['frames']
    want = ndcg_calc.evaluate(QRELS, RUN, MEASURES)
    monkeypatch.setattr(inputs, 'frame_text', lambda frame: pytest.fail('a frame went as text'))
    for held, given in ((qrels, run), (qrels, RUN), (QRELS, run)):
        ev = ndcg_calc.evaluator(MEASURES, held, threads=1)
        got = ev.evaluate(given)
        assert dict(got) == dict(want) and got.mean == want.mean
        assert ev.calc_aggregate(given) == {m: want.mean[m] for m in MEASURES}
    got = ndcg_calc.evaluator(MEASURES, qrels).evaluate(run)
    assert got.read_as == {'qrels': 'DataFrame', 'run': 'DataFrame'}
    assert [r for r in got.readings if 'DataFrame' in r] == got.readings  # each said as a frame's


def test_an_evaluator_on_frames_runs_on_several_threads():
    from concurrent.futures import ThreadPoolExecutor
    qrels, run = _inputs()['frames']
    runs = [run.iloc[:cut] for cut in (500, 1000, len(run))]
    want = [ndcg_calc.calc_aggregate(MEASURES, qrels, r) for r in runs]
    for threads in (0, 1, 2):
        ev = ndcg_calc.evaluator(MEASURES, qrels, threads=threads)
        with ThreadPoolExecutor(2) as pool:
            assert list(pool.map(ev.calc_aggregate, runs * 2)) == want * 2, threads
    assert len({tuple(w.values()) for w in want}) == 3


def test_an_evaluator_names_a_bad_frame_as_evaluate_does():
    qrels, run = _inputs()['frames']
    for bad_qrels, bad_run in ((qrels.assign(relevance=0.5), run), (qrels, run.assign(score='high'))):
        with pytest.raises(ndcg_calc.NdcgError) as want:
            ndcg_calc.evaluate(bad_qrels, bad_run, MEASURES)
        with pytest.raises(ndcg_calc.NdcgError) as got:
            ndcg_calc.evaluator(MEASURES, bad_qrels).evaluate(bad_run)
        assert (got.value.code, got.value.source, got.value.line, got.value.column) == \
            (want.value.code, want.value.source, want.value.line, want.value.column)
