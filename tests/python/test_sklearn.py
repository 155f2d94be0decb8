"""ndcg_calc.sklearn against scikit-learn 1.2 itself: the same numbers
(within 1e-12) on random cases, the same refusals with the same messages,
the same warning; a value derived by hand; make_scorer; explain_row."""
import math
import warnings

import numpy as np
import pytest

from ndcg_calc import sklearn as ours

metrics = pytest.importorskip('sklearn.metrics')


def _matrix(rng, rows, cols):
    kind = rng.integers(4)
    if kind == 0:
        return rng.integers(0, 4, (rows, cols))                       # whole grades
    if kind == 1:
        return rng.integers(0, 2, (rows, cols)).astype(float)          # binary: multilabel-indicator
    if kind == 2:
        return (rng.integers(0, 4, (rows, cols)) + rng.random((rows, cols)).round(2)).astype(np.float32)
    return rng.integers(-2, 3, (rows, cols))                           # negative labels: a warning, then values


def _case(rng):
    """One random call: labels, scores and keywords, with ties, every k,
    weights, ignore_ties, lists and arrays, and now and then a bad input."""
    rows, cols = int(rng.integers(1, 7)), int(rng.integers(1, 8))
    y_true = _matrix(rng, rows, cols)
    y_score = rng.integers(0, 3, (rows, cols)) / 2 if rng.random() < 0.6 else rng.normal(size=(rows, cols))
    keywords = {'ignore_ties': bool(rng.random() < 0.4)}
    if rng.random() < 0.7:
        keywords['k'] = int(rng.integers(-2, cols + 3))
    if rng.random() < 0.4:
        keywords['sample_weight'] = rng.random(rows + (rng.random() < 0.1)).tolist()
    bad = rng.random()
    if bad < 0.05:
        y_true = y_true[0]                                   # a 1-D input
    elif bad < 0.1:
        y_score = y_score[:, :-1]                            # shapes that differ
    elif bad < 0.13:
        y_score = y_score.astype(float)
        y_score[0, 0] = math.nan
    if rng.random() < 0.3:
        y_true, y_score = y_true.tolist(), np.asarray(y_score).tolist()
    return y_true, y_score, keywords


def _outcome(fn, *args, **keywords):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        try:
            value = fn(*args, **keywords)
        except (ValueError, TypeError, IndexError) as e:
            value = e
    return value, sorted({w.category.__name__ for w in caught if w.category is FutureWarning})


def _same(theirs, mine, what):
    if isinstance(theirs, Exception):
        assert isinstance(mine, Exception), '%s: scikit-learn raises %r, we give %r' % (what, theirs, mine)
        if str(mine).startswith('y_true and y_score have different shapes'):
            return 'raised'  # scikit-learn fails inside NumPy here: no message of its own to match
        assert (type(mine), str(mine)) == (type(theirs), str(theirs)), what
        return 'raised'
    assert not isinstance(mine, Exception), '%s: we raise %r, scikit-learn gives %r' % (what, mine, theirs)
    assert abs(mine - theirs) <= 1e-12 * max(1.0, abs(theirs)), (what, mine, theirs)
    return 'equal'


def test_two_hundred_random_cases_equal_scikit_learn_or_raise_where_it_raises():
    rng = np.random.default_rng(50)
    seen = {'equal': 0, 'raised': 0}
    for i in range(200):
        y_true, y_score, keywords = _case(rng)
        theirs, warned = _outcome(metrics.ndcg_score, y_true, y_score, **keywords)
        mine, we_warned = _outcome(ours.ndcg_score, y_true, y_score, **keywords)
        seen[_same(theirs, mine, ('ndcg_score', i, y_true, y_score, keywords))] += 1
        assert we_warned == warned, (i, y_true)
        keywords['log_base'] = [2, 10, math.e][i % 3]
        theirs, _ = _outcome(metrics.dcg_score, y_true, y_score, **keywords)
        mine, _ = _outcome(ours.dcg_score, y_true, y_score, **keywords)
        seen[_same(theirs, mine, ('dcg_score', i, y_true, y_score, keywords))] += 1
    assert seen['equal'] >= 250 and seen['raised'] >= 40, seen


def test_a_row_derived_by_hand():
    # Labels 3 2 0 1, scores .9 .5 .5 .1: the two tied documents each take (2 + 0) / 2 = 1.
    dcg = 3 + 1 / math.log2(3) + 1 / math.log2(4) + 1 / math.log2(5)
    idcg = 3 + 2 / math.log2(3) + 1 / math.log2(4)
    y_true, y_score = [[3, 2, 0, 1], [0, 0, 0, 0]], [[.9, .5, .5, .1], [.1, .2, .3, .4]]
    assert ours.dcg_score(y_true, y_score) == pytest.approx(dcg / 2, rel=1e-15)
    assert ours.ndcg_score(y_true, y_score) == pytest.approx(dcg / idcg / 2, rel=1e-15)  # an ideal of 0 gives 0
    assert ours.ndcg_score(y_true, y_score, sample_weight=[3, 1]) == pytest.approx(3 * dcg / idcg / 4, rel=1e-15)
    # ignore_ties: one of the two orders (scikit-learn's argsort, reversed), not their mean.
    assert ours.dcg_score(y_true[:1], y_score[:1], ignore_ties=True, k=2) in (
        pytest.approx(3 + 2 / math.log2(3), rel=1e-15), pytest.approx(3, rel=1e-15))
    assert ours.dcg_score(y_true[:1], y_score[:1], ignore_ties=True, k=2) == pytest.approx(
        metrics.dcg_score(y_true[:1], y_score[:1], ignore_ties=True, k=2), rel=1e-15)


def test_long_rows_with_ties_follow_numpy_s_argsort_under_ignore_ties():
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 5, (40, 300))
    y_score = rng.integers(0, 20, (40, 300)).astype(np.float32)  # many ties, rows past insertion sort's size
    for k in (None, 10, 100):
        assert ours.ndcg_score(y_true, y_score, k=k, ignore_ties=True) == pytest.approx(
            metrics.ndcg_score(y_true, y_score, k=k, ignore_ties=True), rel=1e-12)
        assert ours.dcg_score(y_true, y_score, k=k) == pytest.approx(metrics.dcg_score(y_true, y_score, k=k), rel=1e-12)


@pytest.mark.parametrize('y_true, y_score', [
    ([1, 0, 2], [.1, .2, .3]),                    # 1-D: multiclass
    ([[1], [0]], [[.5], [.2]]),                   # one document per row: binary
    ([[0.5], [1.5]], [[.5], [.2]]),               # continuous
    ([[1, 2], [3, 4]], [[1, 2]]),                 # rows that differ
    ([[1, 2, 3]], [[1, 2, 3, 4]]),                # columns that differ
    ([[1, math.inf]], [[1, 2]]),
    ([['a', 'b']], [[1, 2]]),
    ([[[1, 2]]], [[1, 2]]),
    (np.zeros((0, 3)), np.zeros((0, 3))),
    (np.zeros((2, 0)), np.zeros((2, 0))),
    (3.0, 3.0),
    ([[1, 2j]], [[1, 2]]),
])
def test_refusals_as_scikit_learn_s(y_true, y_score):
    for name in ('ndcg_score', 'dcg_score'):
        with pytest.raises(Exception) as theirs:
            getattr(metrics, name)(y_true, y_score)
        with pytest.raises(Exception) as mine:
            getattr(ours, name)(y_true, y_score)
        if not str(mine.value).startswith('y_true and y_score have different shapes'):
            assert (type(mine.value), str(mine.value)) == (type(theirs.value), str(theirs.value))


def test_sample_weight_errors_are_numpy_s_as_there():
    y_true, y_score = [[1, 0, 2], [0, 1, 1]], [[.1, .2, .3], [.3, .2, .1]]
    for weights in ([0, 0], [1, 2, 3], 2.0, [[1], [2]]):
        with pytest.raises(Exception) as theirs:
            metrics.ndcg_score(y_true, y_score, sample_weight=weights)
        with pytest.raises(type(theirs.value)) as mine:
            ours.ndcg_score(y_true, y_score, sample_weight=weights)
        assert str(mine.value) == str(theirs.value)


def test_negative_labels_warn_in_ndcg_score_only():
    y_true, y_score = [[-1, 2, 0]], [[.3, .2, .1]]
    with pytest.warns(FutureWarning, match='ndcg_score should not be used on negative y_true values'):
        value = ours.ndcg_score(y_true, y_score)
    with pytest.warns(FutureWarning):
        assert value == pytest.approx(metrics.ndcg_score(y_true, y_score), rel=1e-12)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        assert ours.dcg_score(y_true, y_score) == pytest.approx(-1 + 2 / math.log2(3), rel=1e-15)


def test_dataframes_and_float32_as_arrays():
    pd = pytest.importorskip('pandas')
    rng = np.random.default_rng(9)
    y_true = pd.DataFrame(rng.integers(0, 3, (20, 6)))
    y_score = rng.random((20, 6)).astype(np.float32).round(1)
    assert ours.ndcg_score(y_true, y_score, k=3) == pytest.approx(metrics.ndcg_score(y_true, y_score, k=3), rel=1e-12)


def test_a_scorer_from_make_scorer():
    from sklearn.linear_model import LinearRegression
    rng = np.random.default_rng(4)
    features = rng.normal(size=(60, 3))
    targets = np.clip((features @ rng.normal(size=(3, 5)) + rng.normal(size=(60, 5))).round(), 0, 3)
    model = LinearRegression().fit(features, targets)
    mine = metrics.make_scorer(ours.ndcg_score, k=3)(model, features, targets)
    theirs = metrics.make_scorer(metrics.ndcg_score, k=3)(model, features, targets)
    assert mine == pytest.approx(theirs, rel=1e-12) and 0 < mine < 1


def test_explain_row_shows_the_row_s_value_and_its_steps():
    y_true, y_score = [[3, 2, 0, 1, 2], [1, 0, 0, 2, 1]], [[.9, .5, .5, .1, .3], [.2, .2, .9, .4, .1]]
    for i in range(2):
        for k in (None, 3):
            e = ours.explain_row(y_true[i], y_score[i], k=k)
            assert e.ndcg == pytest.approx(metrics.ndcg_score([y_true[i]], [y_score[i]], k=k), rel=1e-12)
            assert len(e.steps) == (k or 5) and e.options['ties'] == 'average'
            tied = ours.explain_row(y_true[i], y_score[i], k=k, ignore_ties=True)
            assert tied.ndcg == pytest.approx(metrics.ndcg_score([y_true[i]], [y_score[i]], k=k, ignore_ties=True))
    assert [s['gain'] for s in ours.explain_row(y_true[0], y_score[0]).steps][1:3] == [1.0, 1.0]  # (2 + 0) / 2
    with pytest.raises(ValueError, match='k: expected None or a whole number of 1 or more'):
        ours.explain_row(y_true[0], y_score[0], k=0)
    with pytest.raises(ValueError, match='different lengths'):
        ours.explain_row(y_true[0], y_score[0][:2])


def test_log_base_is_refused_where_numpy_refuses_it_there():
    for base in ('x', '10'):
        with pytest.raises(TypeError) as theirs:
            metrics.dcg_score([[1, 2, 0]], [[.1, .2, .3]], log_base=base)
        with pytest.raises(TypeError) as mine:
            ours.dcg_score([[1, 2, 0]], [[.1, .2, .3]], log_base=base)
        assert str(mine.value) == str(theirs.value)


def test_integer_scores_rank_as_scikit_learn_s_negation_ranks_them():
    y_true = [[3, 2, 0, 1], [1, 0, 2, 0]]
    for dtype in ('uint8', 'int8', 'int64'):
        y_score = np.array([[0, 1, 2, 200 if dtype == 'uint8' else -128], [5, 0, 0, 1]], dtype=dtype)
        for ignore_ties in (False, True):
            assert ours.ndcg_score(y_true, y_score, ignore_ties=ignore_ties) == pytest.approx(
                metrics.ndcg_score(y_true, y_score, ignore_ties=ignore_ties), rel=1e-12), (dtype, ignore_ties)
    with pytest.raises(TypeError) as theirs:
        metrics.ndcg_score(y_true, np.ones((2, 4), dtype=bool))
    with pytest.raises(TypeError) as mine:
        ours.ndcg_score(y_true, np.ones((2, 4), dtype=bool))
    assert str(mine.value) == str(theirs.value)
