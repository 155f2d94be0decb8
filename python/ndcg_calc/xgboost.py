"""NDCG (or any measure) as an XGBoost training metric, under XGBoost's own
convention by default (preset='xgboost': its ndcg@k, float32 scores, ties
in input order, 1 for a group with no relevant document).

    metric(k=10, preset='xgboost', measure=None, name=None, **options)
        -> f(predt, dmatrix) -> (name, value), for xgb.train(custom_metric=f)
    callback(eval_set, eval_group=None, eval_qid=None, k=10, ...)
        -> an xgboost.callback.TrainingCallback, for XGBRanker(callbacks=[...])

metric() reads the labels and the query groups from the DMatrix. XGBoost
1.7's XGBRanker refuses a callable eval_metric ("Custom evaluation metric
is not yet supported for XGBRanker"), so callback() evaluates its own copy
of the evaluation sets after every round and logs the values beside the
built-in ones (evals_result()). Any other preset or measure on request
(preset='trec_eval', measure='map' or 'err_cut.10') watches in training
the number that will be reported. metric() does not import XGBoost."""
import numpy as np

from ._impl.training import GroupedMeasure

__all__ = ['metric', 'callback']


def _sizes(dmatrix):
    bounds = dmatrix.get_uint_info('group_ptr')
    if len(bounds) < 2:
        return [dmatrix.num_row()]  # no groups: XGBoost ranks the whole set as one query
    return np.diff(bounds.astype(np.int64))


def metric(k=10, preset='xgboost', measure=None, name=None, **options):
    """A custom_metric for xgb.train: f(predt, dmatrix) -> (name, value),
    the mean over the DMatrix's query groups (weights are not read) of NDCG@k (or `measure`, a
    `ndcg trec -m` name) under `preset`. name: what XGBoost logs (default
    the measure's printed name, e.g. ndcg_cut_10). options: evaluate()'s."""
    measured = GroupedMeasure(k, measure, preset, options)

    def evaluate_predictions(predt, dmatrix):
        printed, value = measured.mean(dmatrix.get_label(), np.asarray(predt).reshape(-1), _sizes(dmatrix))
        return name or printed, value

    return evaluate_predictions


def callback(eval_set, eval_group=None, eval_qid=None, k=10, preset='xgboost', measure=None, name=None, **options):
    """A TrainingCallback that logs metric(k, preset, measure, name) on each
    of eval_set's (X, y) after every boosting round, under XGBRanker's names
    for them (validation_0, validation_1, ...), so that evals_result() holds
    it beside the built-in metrics. eval_group / eval_qid: as XGBRanker.fit's."""
    import xgboost as xgb

    groups = [None] * len(eval_set) if eval_group is None else eval_group
    qids = [None] * len(eval_set) if eval_qid is None else eval_qid
    matrices = []
    for i, ((features, labels), group, qid) in enumerate(zip(eval_set, groups, qids)):
        dmatrix = xgb.DMatrix(features, label=labels, qid=qid)
        if group is not None:
            dmatrix.set_group(group)
        matrices.append((dmatrix, 'validation_%d' % i))
    return _Monitor(xgb.callback.TrainingCallback, matrices, metric(k, preset, measure, name, **options))


def _Monitor(base, matrices, evaluate_predictions):
    class Monitor(base):
        def after_iteration(self, model, epoch, evals_log):
            for dmatrix, data_name in matrices:
                metric_name, value = evaluate_predictions(model.predict(dmatrix), dmatrix)
                evals_log.setdefault(data_name, {}).setdefault(metric_name, []).append(value)
            return False

    return Monitor()
