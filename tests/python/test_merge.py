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


def test_merge_survives_random_parts():
    """Random parts (texts, bytes, dicts with fields of any type, numbers):
    a merged result or an NdcgError, never another exception."""
    import random
    from test_fuzz import ROUNDS, SEED, VALUES, survives, text
    rng = random.Random(SEED * 1000 + 30)
    from ndcg_calc._impl.merge import part_of
    fields = part_of(ndcg_calc.evaluate(QRELS, RUN, ['map', 'gm_map', 'relstring.2']))

    def part():
        pick = rng.randrange(5)
        if pick == 0:
            return text(rng).replace(' ', '\t') + '\n'
        if pick == 1:
            return text(rng).encode('utf-8', 'surrogatepass')
        if pick == 2:
            broken = dict(fields)
            broken[rng.choice(list(fields))] = rng.choice(VALUES)
            return broken
        if pick == 3:
            return {'measures': ['map'], 'qids': ['q'], 'columns': {'map': [rng.choice(VALUES)]}, 'mean': {}, 'num_q': 1}
        return rng.choice(VALUES)

    for _ in range(400 * ROUNDS):
        survives(lambda: ndcg_calc.merge([part() for _ in range(rng.randrange(0, 3))], **({'digits': rng.choice(VALUES)} if rng.random() < 0.2 else {})))


def evaluate_group(frame, qrels, measures):
    """README's function for Spark's applyInPandas and Ray's map_groups: rows of whole queries
    (qid, docid, score) against pandas qrels, as `ndcg trec -q --digits 17`'s text."""
    judged = qrels[qrels['qid'].isin(frame['qid'].unique())]
    if judged.empty:  # queries nobody judged are left out, as trec_eval leaves them out
        return ''
    return ndcg_calc.evaluate(judged, frame[['qid', 'docid', 'score']], measures, per_query=True, digits=17).text


def test_the_function_the_spark_and_ray_examples_call_merges_to_the_one_shot_result():
    import pandas as pd
    read = dict(sep=r'\s+', header=None, dtype=str, quoting=3, na_filter=False)
    run = pd.read_csv(RUN, names=['qid', 'q0', 'docid', 'rank', 'score', 'tag'], **read)
    run['score'] = run['score'].astype(float)
    qrels = pd.read_csv(QRELS, names=['qid', 'iter', 'docid', 'label'], **read)
    qrels['label'] = qrels['label'].astype(int)
    measures = ['ndcg_cut.10', 'map', 'num_rel', 'gm_map']
    texts = [evaluate_group(group, qrels, measures) for _, group in run.groupby('qid', sort=False)]
    assert len(texts) > 50 and '' in texts  # one per query, some judged by nobody
    whole = ndcg_calc.evaluate(QRELS, RUN, measures)
    merged = ndcg_calc.merge(texts)
    assert list(merged) == list(whole)
    for qid in whole:
        assert merged[qid] == whole[qid], qid
    for name in ('ndcg_cut_10', 'map', 'num_rel'):
        assert merged.mean[name] == whole.mean[name], name
    assert merged.mean['gm_map'] == whole.mean['gm_map']
