"""ndcg_calc.xgboost and ndcg_calc.lightgbm: training metrics in each
library's shape. XGBoost (Debian's 1.7) trains for real and its built-in
ndcg@10 is the reference; LightGBM is not installed, so its feval is called
as LightGBM calls it (a Dataset offering get_label() and get_group()) on
values derived by hand."""
import math

import numpy as np
import pytest

import ndcg_calc
from ndcg_calc import lightgbm as ours_lgb
from ndcg_calc import xgboost as ours_xgb


def _ranking_data(seed, queries=30):
    rng = np.random.default_rng(seed)
    sizes = [int(s) for s in rng.integers(4, 20, queries)]
    n = sum(sizes)
    features = rng.normal(size=(n, 5))
    labels = np.clip((features[:, 0] + rng.normal(scale=0.8, size=n)).round() + 1, 0, 4).astype(int)
    labels[sizes[0]:sizes[0] + sizes[1]] = 0  # a query with no relevant document: XGBoost counts it as 1
    return features, labels, sizes


def _rounds(history, name):
    return np.array(history[name], dtype=np.float64)


def test_an_xgbranker_logs_the_same_values_per_round_as_its_built_in_ndcg_at_10():
    xgb = pytest.importorskip('xgboost')
    features, labels, sizes = _ranking_data(seed=11)
    ranker = xgb.XGBRanker(n_estimators=20, max_depth=3, learning_rate=0.3, objective='rank:ndcg', eval_metric='ndcg@10',
                           n_jobs=1, random_state=0,
                           callbacks=[ours_xgb.callback([(features, labels)], eval_group=[sizes], k=10)])
    ranker.fit(features, labels, group=sizes, eval_set=[(features, labels)], eval_group=[sizes], verbose=False)
    history = ranker.evals_result()['validation_0']
    built_in, mine = _rounds(history, 'ndcg@10'), _rounds(history, 'ndcg_cut_10')
    assert len(built_in) == len(mine) == 20
    assert len(set(built_in.round(6))) > 3  # the values move over the rounds: the comparison means something
    np.testing.assert_allclose(mine, built_in, rtol=0, atol=2e-6)  # XGBoost logs its own in float32


def test_xgb_train_custom_metric_beside_the_built_in_one_on_two_sets():
    xgb = pytest.importorskip('xgboost')
    features, labels, sizes = _ranking_data(seed=5)
    valid_features, valid_labels, valid_sizes = _ranking_data(seed=6, queries=12)
    train = xgb.DMatrix(features, label=labels)
    train.set_group(sizes)
    valid = xgb.DMatrix(valid_features, label=valid_labels)
    valid.set_group(valid_sizes)
    history = {}
    params = {'objective': 'rank:ndcg', 'eval_metric': ['ndcg@10', 'ndcg@5-'], 'max_depth': 2, 'eta': 0.3, 'nthread': 1,
              'seed': 0}
    for metric in (ours_xgb.metric(k=10), ours_xgb.metric(k=5, preset='xgboost-', name='ours@5-')):
        xgb.train(params, train, num_boost_round=20, evals=[(train, 'train'), (valid, 'valid')], evals_result=history,
                  custom_metric=metric, verbose_eval=False)
        for data in ('train', 'valid'):
            mine = _rounds(history[data], 'ndcg_cut_10' if 'ndcg_cut_10' in history[data] else 'ours@5-')
            built_in = _rounds(history[data], 'ndcg@10' if 'ndcg_cut_10' in history[data] else 'ndcg@5-')
            np.testing.assert_allclose(mine, built_in, rtol=0, atol=2e-6)


def test_xgboost_metric_gives_any_measure_the_report_will_use():
    xgb = pytest.importorskip('xgboost')
    features, labels, sizes = _ranking_data(seed=8)
    train = xgb.DMatrix(features, label=labels)
    train.set_group(sizes)
    model = xgb.train({'objective': 'rank:ndcg', 'max_depth': 2, 'nthread': 1}, train, num_boost_round=3)
    predictions = model.predict(train)
    for measure in ('map', 'err_cut.10', 'ndcg_cut.10'):
        name, value = ours_xgb.metric(preset='trec_eval', measure=measure)(predictions, train)
        expected = ndcg_calc.evaluate(labels, predictions, measure, group=sizes, preset='trec_eval').mean[name]
        assert value == expected and name == measure.replace('.', '_')
    with pytest.raises(ndcg_calc.NdcgError, match='a training metric is one value'):
        ours_xgb.metric(measure='P.5,10')(predictions, train)


class StandIn:
    """What LightGBM hands an feval: a Dataset with get_label() and get_group() (query sizes)."""

    def __init__(self, labels, group):
        self.labels, self.group = np.asarray(labels, dtype=np.float32), group

    def get_label(self):
        return self.labels

    def get_group(self):
        return None if self.group is None else np.asarray(self.group, dtype=np.int32)


def test_lightgbm_feval_on_values_derived_by_hand():
    # Query 1: labels 2 0 1 scored .5 .9 .1, ranked 0, 2, 1; gain 2^label - 1.
    # Query 2: no relevant document: LightGBM counts it as 1.
    # Query 3: labels 1 0 tied at .2: input order (LightGBM's stable sort), so 1 first.
    labels = [2, 0, 1, 0, 0, 1, 0]
    preds = np.array([.5, .9, .1, .3, .7, .2, .2])
    data = StandIn(labels, [3, 2, 2])
    first_at_2 = (3 / math.log2(3)) / (3 + 1 / math.log2(3))
    name, value, higher = ours_lgb.feval(k=2)(preds, data)
    assert (name, higher) == ('ndcg_cut_2', True)
    assert value == pytest.approx((first_at_2 + 1 + 1) / 3, rel=1e-15)
    first_at_3 = (3 / math.log2(3) + 1 / 2) / (3 + 1 / math.log2(3))
    assert ours_lgb.feval(k=3, name='ndcg@3')(preds, data)[:2] == ('ndcg@3', pytest.approx((first_at_3 + 2) / 3))
    # One query when the Dataset has no groups; LightGBM's integer labels are enforced by the preset.
    assert ours_lgb.feval(k=2)(preds[:3], StandIn(labels[:3], None))[1] == pytest.approx(first_at_2, rel=1e-15)
    with pytest.raises(ndcg_calc.NdcgError, match='whole number|integer'):
        ours_lgb.feval(k=2)(preds[:3], StandIn([0.5, 1, 2], [3]))


def test_lightgbm_feval_matches_the_lightgbm_preset_on_random_queries():
    features, labels, sizes = _ranking_data(seed=21)
    preds = np.round(features[:, 0] * 2) / 2  # ties
    name, value, _ = ours_lgb.feval(k=10)(preds, StandIn(labels, sizes))
    expected = ndcg_calc.evaluate(labels, preds, 'ndcg_cut.10', group=sizes, preset='lightgbm').mean['ndcg_cut_10']
    assert value == expected


def test_bad_k_is_refused_by_name():
    for make in (ours_xgb.metric, ours_lgb.feval):
        with pytest.raises(ndcg_calc.NdcgError, match='k: expected None or a whole number'):
            make(k=-1)
