"""Random inputs of every kind the package takes (texts and bytes, numbers,
dicts, arrays, DataFrames, option values of any Python type): each call
either returns or raises NdcgError, and the next call still works. The
libFuzzer targets in fuzz/ cover the core beneath; this covers the Python
layer's conversions into it. NDCG_PY_FUZZ_ROUNDS (default 1) multiplies the
rounds and NDCG_PY_FUZZ_SEED (default 0) moves the seeds, for a longer search:
NDCG_PY_FUZZ_ROUNDS=50 NDCG_PY_FUZZ_SEED=7 python3 -m pytest tests/python/test_fuzz.py"""
import math
import os
import random

import numpy as np
import pandas as pd

import ndcg_calc

TOKENS = ['3', '2', '0', '-1', '1e999', 'nan', 'x', 'q1', 'Q0', 'd1', 'd2', '0.5', ',', ';', '|', '\t', ' ', '\n', '\r\n',
          '"', 'id', 'score', 'rel', '\x00', '\ufeff', '３', '\ud800', '<b>', 'runA', '#']
VALUES = [None, True, False, 0, 1, -1, 2 ** 70, 0.5, math.nan, math.inf, '', 'x', '3', 'exp', 'skip', [1, 2], [], ['a'],
          (2, 1), {'a': 1}, object(), b'3', np.float32(1.5), np.int64(3), np.array([1.0, 2.0]), 1 + 2j]


def text(rng):
    return ''.join(rng.choice(TOKENS) for _ in range(rng.randrange(0, 30)))


def options(rng, keys):
    return {rng.choice(keys): rng.choice(VALUES) for _ in range(rng.randrange(0, 3))}


def nested(rng, value):
    return {text(rng)[:4] or 'q': {text(rng)[:4] or 'd': value(rng) for _ in range(rng.randrange(0, 4))}
            for _ in range(rng.randrange(0, 3))}


def ranking(rng):
    pick = rng.randrange(6)
    if pick == 0:
        return text(rng).encode('utf-8', 'surrogatepass') + bytes(rng.randrange(256) for _ in range(rng.randrange(3)))
    if pick == 1:
        return [rng.choice([0, 1, 2, 3, -1, 0.5, math.nan, 1e308]) for _ in range(rng.randrange(0, 8))]
    if pick == 2:
        n = rng.randrange(0, 5)
        return {'score': [rng.random() for _ in range(n)], 'rel': [rng.randrange(4) for _ in range(n)]}
    if pick == 3:
        return np.array([rng.randrange(4) for _ in range(rng.randrange(0, 6))], dtype=rng.choice(['int8', 'float32', 'uint64']))
    if pick == 4:
        return rng.choice(VALUES)
    return text(rng)


def survives(call):
    try:
        call()
    except ndcg_calc.NdcgError as e:
        assert e.code in CODES and isinstance(e.line, int) and isinstance(e.column, int)
    assert ndcg_calc.explain([3, 2, 0, 1, 0, 0, 2, 1, 0, 0], k=10).ndcg == 0.9490301792919195


CODES = {c['code'] for c in ndcg_calc.error_codes()}
ROUNDS = int(os.environ.get('NDCG_PY_FUZZ_ROUNDS', '1'))
SEED = int(os.environ.get('NDCG_PY_FUZZ_SEED', '0'))
EXPLAIN_KEYS = [r['key'] for r in ndcg_calc.option_schema()] + ['bogus', 'zeroIdcg', '--k']
TREC_KEYS = ['complete', 'shard', 'relevance_level', 'gain', 'preset', 'alpha', 'err_max_grade', 'per_query', 'digits', 'trials']
COMPARE_KEYS = [r['key'] for r in ndcg_calc.compare_option_schema()] + ['preset']


def test_explain_survives_random_input():
    rng = random.Random(SEED * 1000 + 1)
    for _ in range(1500 * ROUNDS):
        judged = rng.choice([None, text(rng), {text(rng)[:3] or 'd': rng.choice(VALUES)}, nested(rng, lambda r: r.randrange(3))])
        survives(lambda: ndcg_calc.explain(ranking(rng), qrels=judged, **options(rng, EXPLAIN_KEYS)))


def trec_input(rng, grades):
    pick = rng.randrange(4)
    if pick == 0:
        return text(rng) + '\n'
    if pick == 1:
        return nested(rng, (lambda r: r.randrange(-1, 4)) if grades else (lambda r: r.choice([r.random(), math.nan, 1])))
    if pick == 2:
        return pd.DataFrame({'qid': ['q1', 'q1'], 'docid': ['d1', text(rng)[:3] or 'd2'],
                             ('rel' if grades else 'score'): [rng.randrange(3), rng.choice(VALUES[3:9])]})
    return rng.choice(VALUES)


def test_evaluate_and_compare_survive_random_input():
    rng = random.Random(SEED * 1000 + 2)
    for _ in range(600 * ROUNDS):
        measures = rng.choice([None, 'ndcg', ['ndcg_cut.3', 'map'], text(rng), [text(rng)], 3])
        survives(lambda: ndcg_calc.evaluate(trec_input(rng, True), trec_input(rng, False), measures, **options(rng, TREC_KEYS)))
        labels = np.array([rng.randrange(-1, 4) for _ in range(rng.randrange(0, 6))])
        survives(lambda: ndcg_calc.evaluate(labels, np.random.default_rng(0).random(len(labels)),
                                            group=rng.choice([None, [len(labels)], [1, len(labels) - 1], [0]])))
        survives(lambda: ndcg_calc.compare(trec_input(rng, True), [trec_input(rng, False) for _ in range(rng.randrange(1, 4))],
                                           **options(rng, COMPARE_KEYS)))
        survives(lambda: ndcg_calc.RelevanceEvaluator(nested(rng, lambda r: r.randrange(3)), {rng.choice(['map', 'P_5', text(rng)])})
                 .evaluate(nested(rng, lambda r: r.random())))


def matrix(rng):
    """What a caller of ndcg_score might pass: rows of numbers, ragged rows, text, NaN, 1-D, 3-D, scalars."""
    pick = rng.randrange(6)
    rows, cols = rng.randrange(0, 4), rng.randrange(0, 5)
    cell = lambda: rng.choice([0, 1, 2, 3, -1, 0.5, math.nan, math.inf, 1e308, True, 'x', None])
    if pick == 0:
        return [[rng.randrange(4) for _ in range(cols)] for _ in range(rows)]
    if pick == 1:
        return [[cell() for _ in range(rng.randrange(0, 4))] for _ in range(rows)]
    if pick == 2:
        return np.array([[rng.random() for _ in range(cols)] for _ in range(rows)], dtype=rng.choice(['float32', 'int8', 'uint8']))
    if pick == 3:
        return np.zeros((rows, cols, rng.randrange(1, 3)))
    return rng.choice(VALUES)


def test_the_drop_ins_raise_only_what_scikit_learn_raises():
    """ndcg_calc.sklearn raises ValueError or TypeError (scikit-learn's classes) on anything;
    the training metrics return or raise NdcgError."""
    import warnings
    from ndcg_calc import lightgbm, sklearn, xgboost
    rng = random.Random(SEED * 1000 + 3)
    keywords = {'k': [None, 0, 1, 3, -1, 2.5, 'x'], 'sample_weight': [None, [1, 2], [0], 'x', 3.0],
                'ignore_ties': [False, True], 'log_base': [2, 10, 1, 0.5]}
    for _ in range(400 * ROUNDS):
        function = rng.choice(['ndcg_score', 'dcg_score', 'explain_row'])
        chosen = {key: rng.choice(values) for key, values in keywords.items() if rng.random() < 0.5}
        if function != 'dcg_score':
            chosen.pop('log_base', None)
        if function == 'explain_row':
            chosen.pop('sample_weight', None)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            try:
                getattr(sklearn, function)(matrix(rng), matrix(rng), **chosen)
            except (ValueError, TypeError):
                pass
        labels = np.array([rng.randrange(-1, 4) for _ in range(rng.randrange(0, 6))])
        scores = np.random.default_rng(0).random(len(labels))
        group = rng.choice([[len(labels)], [1, len(labels) - 1], [0], []])
        k = rng.choice([None, 0, 1, 5, -1, 'x'])
        measure = rng.choice([None, 'map', 'P.5,10', 'bogus'])
        survives(lambda: xgboost.metric(k=k, measure=measure)(scores, _Set(labels, group)))
        survives(lambda: lightgbm.feval(k=k, measure=measure)(scores, _Set(labels, group)))


class _Set:
    def __init__(self, labels, group):
        self.labels, self.group = labels, np.asarray(group, dtype=np.int64)

    def get_label(self):
        return self.labels

    def get_group(self):
        return self.group

    def get_uint_info(self, field):
        return np.concatenate([[0], np.cumsum(self.group)]).astype(np.uint32)

    def num_row(self):
        return len(self.labels)
