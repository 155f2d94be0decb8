"""Labels and scores as arrays reach the core as memory: every integer and
float dtype, strided views and pandas columns give the values of the same
queries written as TREC text; group= and qid= mark the queries; threads
change nothing; 10M rows work; bad rows are named."""
import array

import numpy as np
import pandas as pd
import pytest

import ndcg_calc

MEASURES = ['all_trec', 'ndcg_cut.3', 'err_cut.5']


def _queries(seed=3, count=40):
    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, 30, count)
    labels = rng.integers(-1, 4, int(sizes.sum()))
    scores = rng.integers(0, 6, int(sizes.sum())) / 2  # many ties
    return labels, scores, sizes


def _as_text(labels, scores, sizes):
    """The same queries as qrels and run text, documents named by their position from 1 (as LETOR
    and tables without a doc column name them: "9" orders before "10" as docids)."""
    qrels, run, row = [], [], 0
    width = len(str(len(sizes)))
    for q, size in enumerate(sizes):
        qid = str(q + 1).zfill(width)
        for i in range(size):
            qrels.append('%s 0 %d %d\n' % (qid, i + 1, labels[row]))
            run.append('%s Q0 %d 0 %r t\n' % (qid, i + 1, float(scores[row])))
            row += 1
    return ''.join(qrels), ''.join(run)


def _same(a, b):
    assert list(a) == list(b) and a.measures == b.measures
    for qid in a:
        assert a[qid] == b[qid], qid
    assert {m: v for m, v in a.mean.items() if m != 'runid'} == {m: v for m, v in b.mean.items() if m != 'runid'}


def test_arrays_give_what_the_same_queries_as_text_give():
    labels, scores, sizes = _queries()
    qrels, run = _as_text(labels, scores, sizes)
    text = ndcg_calc.evaluate(qrels, run, MEASURES)
    arrays = ndcg_calc.evaluate(labels, scores, MEASURES, group=sizes)
    _same(arrays, text)
    assert arrays.read_as == {'qrels': 'labels', 'run': 'scores'}
    assert arrays.columns['P_5'][0] == text[arrays.qids[0]]['P_5']


@pytest.mark.parametrize('dtype', ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint64', 'float32', 'float64'])
def test_every_integer_and_float_dtype_and_strided_views(dtype):
    labels, scores, sizes = _queries()
    expected = ndcg_calc.evaluate(labels.astype(float), scores, MEASURES, group=sizes)
    positive = np.clip(labels, 0, None) if dtype.startswith('u') else labels
    if dtype.startswith('u'):
        expected = ndcg_calc.evaluate(positive.astype(float), scores, MEASURES, group=sizes)
    _same(ndcg_calc.evaluate(positive.astype(dtype), scores.astype(np.float32 if dtype == 'float32' else float),
                             MEASURES, group=sizes), expected)
    wide = np.zeros((len(labels), 3), dtype=dtype)
    wide[:, 1] = positive
    assert not wide[:, 1].flags['C_CONTIGUOUS']
    _same(ndcg_calc.evaluate(wide[:, 1], scores, MEASURES, group=sizes), expected)


def test_pandas_columns_lists_and_buffers():
    labels, scores, sizes = _queries()
    expected = ndcg_calc.evaluate(labels, scores, MEASURES, group=sizes)
    frame = pd.DataFrame({'label': labels, 'score': scores})
    _same(ndcg_calc.evaluate(frame['label'], frame['score'], MEASURES, group=sizes), expected)
    _same(ndcg_calc.evaluate(labels.tolist(), scores.tolist(), MEASURES, group=sizes.tolist()), expected)
    _same(ndcg_calc.evaluate(array.array('q', labels.tolist()), array.array('d', scores.tolist()), MEASURES,
                             group=sizes), expected)


def test_qid_marks_the_queries_by_value_and_its_rows_must_be_together():
    labels, scores, sizes = _queries()
    qid = np.repeat(np.arange(100, 100 + len(sizes)), sizes)
    by_qid = ndcg_calc.evaluate(labels, scores, 'ndcg', qid=qid)
    by_group = ndcg_calc.evaluate(labels, scores, 'ndcg', group=sizes)
    assert by_qid['100'] == by_group[by_group.qids[0]]
    assert by_qid.mean == by_group.mean
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.evaluate([1, 0, 1], [0.1, 0.2, 0.3], 'ndcg', qid=[7, 8, 7])
    assert e.value.code == 'bad-input' and '7' in str(e.value)


def test_threads_change_nothing():
    labels, scores, sizes = _queries(seed=9, count=3000)
    one = ndcg_calc.evaluate(labels, scores, MEASURES, group=sizes, threads=1)
    every = ndcg_calc.evaluate(labels, scores, MEASURES, group=sizes, threads=0)
    assert one.columns == every.columns and one.mean == every.mean and one.text == every.text


def test_ten_million_rows_are_no_trouble():
    rng = np.random.default_rng(1)
    labels = rng.integers(0, 5, 10_000_000).astype(np.int8)
    scores = rng.random(10_000_000, dtype=np.float32)
    r = ndcg_calc.evaluate(labels, scores, 'ndcg_cut.10', group=np.full(100_000, 100))
    assert r.num_q == 100_000 and len(r.columns['ndcg_cut_10']) == 100_000
    assert 0.4 < r.mean['ndcg_cut_10'] < 0.6  # a random order of grades 0 to 4
    assert r.qids[0] == '000001' and r.qids[-1] == '100000'


def test_bad_rows_are_named():
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.evaluate(np.array([1, 0.5, 2]), np.array([1.0, 2, 3]), 'ndcg')
    assert (e.value.code, e.value.source, e.value.line) == ('not-whole', 'labels', 2)
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.evaluate(np.array([1, 0, 2]), np.array([1.0, np.nan, 3]), 'ndcg')
    assert (e.value.code, e.value.source, e.value.line) == ('not-a-number', 'scores', 2)
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.evaluate(np.zeros((2, 2)), np.zeros((2, 2)), 'ndcg')
    assert e.value.code == 'bad-type'
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.evaluate(np.array([1, 0]), np.array([1.0, 2.0, 3.0]), 'ndcg')
    assert e.value.code == 'field-count'
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.evaluate(np.array([1, 0]), np.array([1.0, 2.0]), 'ndcg', group=[1, 2])
    assert e.value.code == 'field-count'
