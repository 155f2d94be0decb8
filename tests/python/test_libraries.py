"""The presets against the libraries themselves: scikit-learn's ndcg_score on
random cases with ties, and XGBoost's ndcg@k on a small trained model."""
import numpy as np
import pytest

import ndcg_calc


def _sklearn_cases(seed, count=60):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(1, 12))
        # Few distinct scores, so most cases hold ties; a few rows with no relevant item.
        scores = rng.integers(0, 4, n).astype(float) / 2
        grades = rng.integers(0, 4, n).astype(float) * (rng.random() > 0.1)
        if rng.random() < 0.3:
            grades = grades + rng.random(n).round(2)  # scikit-learn takes real-valued relevance
        k = None if rng.random() < 0.3 else int(rng.integers(1, n + 2))
        yield scores, grades, k


def test_sklearn_ndcg_score_on_random_cases_with_ties():
    from sklearn.metrics import ndcg_score
    checked = 0
    for scores, grades, k in _sklearn_cases(seed=20):
        if len(scores) < 2:
            continue  # ndcg_score refuses a single document
        expected = ndcg_score([grades], [scores], k=k)
        got = ndcg_calc.explain({'score': scores, 'rel': grades}, preset='sklearn', k=k)
        assert got.ndcg == pytest.approx(expected, rel=1e-12, abs=1e-15), (scores, grades, k)
        checked += 1
    assert checked > 40


def test_sklearn_mean_over_queries_from_labels_scores_and_groups():
    from sklearn.metrics import ndcg_score
    rng = np.random.default_rng(7)
    sizes, labels, scores = [], [], []
    rows = []
    for _ in range(30):
        n = 6
        s = rng.integers(0, 3, n).astype(float)
        y = rng.integers(0, 4, n)
        sizes.append(n), labels.extend(y), scores.extend(s), rows.append((y, s))
    for k in (3, 6):
        expected = ndcg_score([y for y, _ in rows], [s for _, s in rows], k=k)
        r = ndcg_calc.evaluate(np.array(labels), np.array(scores), 'ndcg_cut.%d' % k, group=sizes, preset='sklearn')
        assert r.mean['ndcg_cut_%d' % k] == pytest.approx(expected, rel=1e-12)


def _ranking_data(seed):
    rng = np.random.default_rng(seed)
    sizes = [int(s) for s in rng.integers(3, 16, 25)]
    n = sum(sizes)
    features = rng.normal(size=(n, 4))
    labels = np.clip((features[:, 0] + rng.normal(scale=0.8, size=n)).round() + 1, 0, 4).astype(int)
    start = sum(sizes[:3])
    labels[start:start + sizes[3]] = 0  # one group with no relevant document: IDCG = 0
    return features, labels, sizes


def test_xgboost_ndcg_at_k_on_a_trained_model_s_predictions():
    xgb = pytest.importorskip('xgboost')
    features, labels, sizes = _ranking_data(seed=3)
    train = xgb.DMatrix(features, label=labels)
    train.set_group(sizes)
    metrics = ['ndcg@3', 'ndcg@5', 'ndcg@10', 'ndcg']
    minus = [m + '-' for m in metrics]  # ndcg@k-: a group with no relevant document scores 0, not 1
    history = {}
    model = xgb.train({'objective': 'rank:ndcg', 'eval_metric': metrics + minus, 'max_depth': 2, 'eta': 0.3,
                       'nthread': 1, 'seed': 0}, train, num_boost_round=4, evals=[(train, 'train')], evals_result=history,
                      verbose_eval=False)
    predictions = model.predict(train)
    assert len(set(predictions.tolist())) < len(predictions)  # tied predictions: the case that matters
    ours = ndcg_calc.evaluate(labels, predictions, ['ndcg_cut.3,5,10', 'ndcg'], group=sizes, preset='xgboost')
    for metric, name in zip(metrics, ['ndcg_cut_3', 'ndcg_cut_5', 'ndcg_cut_10', 'ndcg']):
        assert ours.mean[name] == pytest.approx(history['train'][metric][-1], rel=1e-12), metric
    ours = ndcg_calc.evaluate(labels, predictions, ['ndcg_cut.3,5,10', 'ndcg'], group=sizes, preset='xgboost-')
    for metric, name in zip(minus, ['ndcg_cut_3', 'ndcg_cut_5', 'ndcg_cut_10', 'ndcg']):
        assert ours.mean[name] == pytest.approx(history['train'][metric][-1], rel=1e-12), metric
    # The one group without a relevant document is what tells the two apart: 1 / groups between them.
    plain = ndcg_calc.evaluate(labels, predictions, 'ndcg', group=sizes, preset='xgboost').mean['ndcg']
    assert plain - ours.mean['ndcg'] == pytest.approx(1 / len(sizes), rel=1e-9)
