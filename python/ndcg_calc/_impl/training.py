"""One measure over a training library's evaluation set: its labels, its
predictions and its query groups, through the arrays path (evaluate()
with group=). ndcg_calc.xgboost and ndcg_calc.lightgbm are made of it."""
import numbers

from .arrays import evaluate_arrays
from .errors import NdcgError
from .options import option_texts


def measure_of(k, measure):
    """The measure asked for, or NDCG@k (k None or 0: the whole list)."""
    if measure is not None:
        return measure
    if k is None:
        return 'ndcg'
    if isinstance(k, bool) or not isinstance(k, numbers.Integral) or k < 0:
        raise NdcgError('k: expected None or a whole number of 0 or more, got %r' % (k,), code='bad-type',
                        source='options', key='k', args={'expected': 'a whole number'})
    return 'ndcg_cut.%d' % int(k) if k else 'ndcg'


class GroupedMeasure:
    """mean(labels, scores, sizes) -> (printed name, value) of one measure."""

    def __init__(self, k, measure, preset, options):
        given = dict(options)
        given['measures'] = [measure_of(k, measure)]
        given['preset'] = preset
        self.texts = option_texts(given)

    def mean(self, labels, scores, sizes):
        r = evaluate_arrays(labels, scores, self.texts, group=sizes)
        names = [m for m in r.measures if m not in ('runid', 'num_q')]
        if len(names) != 1:
            raise NdcgError('measure: a training metric is one value; %s gives %d (%s)'
                            % (self.texts, len(names), ', '.join(names)), code='bad-input', source='options',
                            key='measures')
        return names[0], float(r.mean[names[0]])
