"""NDCG (or any measure) as a LightGBM evaluation function, under
LightGBM's own convention by default (preset='lightgbm': 2^label - 1 gain,
integer labels 0 to 30, ties in input order, 1 for a query with no
relevant document).

    feval(k=10, preset='lightgbm', measure=None, name=None, **options)
        -> f(preds, eval_data) -> (name, value, True), for lgb.train(feval=f)

f reads eval_data.get_label() and eval_data.get_group() (the query sizes),
as LightGBM's Dataset offers them. Written to LightGBM's documented feval
interface and checked against hand-derived values and the lightgbm
preset's checked cases; LightGBM itself is not installed where it was
built, so it has not been run inside a LightGBM training here."""
import numpy as np

from ._impl.training import GroupedMeasure

__all__ = ['feval']


def feval(k=10, preset='lightgbm', measure=None, name=None, **options):
    """An feval for lgb.train / lgb.cv: f(preds, eval_data) -> (name, value,
    is_higher_better), the mean over eval_data's queries (query weights are
    not read) of NDCG@k (or
    `measure`, a `ndcg trec -m` name) under `preset`. name: what LightGBM
    logs (default the measure's printed name, e.g. ndcg_cut_10)."""
    measured = GroupedMeasure(k, measure, preset, options)

    def evaluate_predictions(preds, eval_data):
        labels = np.asarray(eval_data.get_label())
        group = eval_data.get_group()
        sizes = [len(labels)] if group is None else np.asarray(group, dtype=np.int64)
        printed, value = measured.mean(labels, np.asarray(preds, dtype=np.float64).reshape(-1), sizes)
        return name or printed, value, True

    return evaluate_predictions
