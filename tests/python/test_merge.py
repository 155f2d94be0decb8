"""merge(): a run split by query, each part evaluated alone, merges into
the one-shot evaluation to the last bit, whatever the parts are
(Evaluation, ArrayEvaluation, `ndcg trec -q --digits 17` text, mixed); a
query in two parts is refused with its id."""
import numpy as np
import pytest

import ndcg_calc
from conftest import QRELS, RUN, cli

MEASURES = ['all_trec', 'ndcg_cut.10', 'relstring.5']


def _split(text, parts):
    """The run's lines dealt to `parts` texts by query (every line of a query in one)."""
    out = [[] for _ in range(parts)]
    for line in text.splitlines(keepends=True):
        out[hash(line.split()[0]) % parts].append(line)
    return [''.join(p) for p in out]


def assert_identical(merged, whole):
    """Every per-query value and every mean, bit for bit."""
    assert list(merged) == list(whole)
    for qid in whole:
        assert merged[qid] == whole[qid], qid
    for name, value in whole.mean.items():
        if name != 'runid':
            assert merged.mean[name] == value, name
    assert merged.num_q == whole.num_q


def test_evaluations_of_parts_merge_into_the_one_shot_evaluation():
    whole = ndcg_calc.evaluate(QRELS, RUN, MEASURES)
    parts = [ndcg_calc.evaluate(QRELS, p, MEASURES) for p in _split(RUN.read_text(), 3)]
    assert sum(p.num_q for p in parts) == whole.num_q
    merged = ndcg_calc.merge(parts)
    assert_identical(merged, whole)
    assert merged.mean['gm_map'] == whole.mean['gm_map']


def test_texts_of_ndcg_trec_q_merge_as_evaluations_do(tmp_path):
    whole = ndcg_calc.evaluate(QRELS, RUN, MEASURES)
    texts = _split(RUN.read_text(), 3)
    path = tmp_path / 'part0.run'
    path.write_text(texts[0])
    out = tmp_path / 'part0.eval'
    out.write_text(cli('trec', '-q', '--digits', '17', '-m', 'all_trec', '-m', 'ndcg_cut.10', '-m', 'relstring.5',
                       QRELS, path))
    mixed = [out, ndcg_calc.evaluate(QRELS, texts[1], MEASURES), ndcg_calc.evaluate(QRELS, texts[2], MEASURES)]
    assert_identical(ndcg_calc.merge(mixed), whole)


def test_array_evaluations_merge_into_the_one_shot_arrays():
    rng = np.random.default_rng(5)
    sizes = rng.integers(1, 40, 300)
    labels = rng.integers(0, 4, int(sizes.sum()))
    scores = rng.integers(0, 8, int(sizes.sum())) / 4
    qid = np.repeat(['q%03d' % i for i in range(len(sizes))], sizes)
    whole = ndcg_calc.evaluate(labels, scores, MEASURES, qid=qid)
    cut = [0, int(sizes[:100].sum()), int(sizes[:210].sum()), len(labels)]
    parts = [ndcg_calc.evaluate(labels[a:b], scores[a:b], MEASURES, qid=qid[a:b]) for a, b in zip(cut, cut[1:])]
    merged = ndcg_calc.merge(parts[::-1], per_query=True, digits=17)
    assert_identical(merged, whole)
    assert merged.text.count('\n') > len(sizes)


def test_a_query_in_two_parts_is_refused_with_its_id():
    text = RUN.read_text()
    first = [line for line in text.splitlines(keepends=True) if line.split()[0] == '481']
    with pytest.raises(ndcg_calc.NdcgError, match=r'1 query is in more than one part: "481"'):
        ndcg_calc.merge([ndcg_calc.evaluate(QRELS, text, 'map'), ndcg_calc.evaluate(QRELS, ''.join(first), 'map')])


def test_a_part_that_is_not_an_evaluation_is_refused():
    with pytest.raises(ndcg_calc.NdcgError, match='partials: expected evaluations'):
        ndcg_calc.merge([3])
    with pytest.raises(ndcg_calc.NdcgError, match='no per-query lines to merge'):
        ndcg_calc.merge([])
