"""scikit-learn's ndcg_score and dcg_score as drop-ins, from the C++ core.

    from ndcg_calc.sklearn import ndcg_score, dcg_score, explain_row
    ndcg_score(y_true, y_score, k=10)          # what sklearn.metrics.ndcg_score gives
    explain_row(y_true[i], y_score[i], k=10)   # why row i scored what it did

The same signatures, numbers and refusals as scikit-learn 1.2's
(sklearn/metrics/_ranking.py): 2-D inputs of one row per sample (arrays,
lists, DataFrames), tied scores averaged unless ignore_ties, sample_weight
for the mean, the ValueErrors of its input checks with their messages, the
FutureWarning on negative y_true. Each row is computed in the core
(ndcg::dcg_of_rows: cpp/include/ndcg/metrics.hpp) on every CPU; the mean is
NumPy's np.average, as scikit-learn takes it. NumPy is needed; scikit-learn
is not."""
import warnings

import numpy as np

from . import _core
from ._impl.explain import explain

__all__ = ['ndcg_score', 'dcg_score', 'explain_row']

# scikit-learn's messages, word for word: the point of a drop-in.
_FORMATS = ('multilabel-indicator', 'continuous-multioutput', 'multiclass-multioutput')
_COMPLEX = getattr(getattr(np, 'exceptions', None), 'ComplexWarning', None) or np.ComplexWarning
_NEGATIVE = ('ndcg_score should not be used on negative y_true values. ndcg_score will raise a ValueError on '
             'negative y_true values starting from version 1.4.')


def _dtype_of(value):
    """The dtype scikit-learn's check_array sees before converting (a DataFrame's common one)."""
    dtypes = getattr(value, 'dtypes', None)
    if dtypes is not None and hasattr(dtypes, '__array__'):
        listed = list(dtypes)
        if all(isinstance(d, np.dtype) for d in listed):
            return np.result_type(*listed)
    dtype = getattr(value, 'dtype', None)
    return dtype if hasattr(dtype, 'kind') else None


def _as_array(value):
    """check_array(value, ensure_2d=False): numbers, at most 2-D, finite, not empty."""
    if isinstance(value, np.matrix):
        raise TypeError('np.matrix is not supported. Please convert to a numpy array with np.asarray. For more '
                        'information see: https://numpy.org/doc/stable/reference/generated/numpy.matrix.html')
    if type(value).__module__.startswith('scipy.sparse'):
        raise TypeError('A sparse matrix was passed, but dense data is required. Use X.toarray() to convert to a '
                        'dense numpy array.')
    dtype = _dtype_of(value)
    with warnings.catch_warnings():
        warnings.simplefilter('error', _COMPLEX)
        try:
            array = np.asarray(value, dtype=np.float64 if dtype is not None and dtype.kind == 'O' else None)
        except _COMPLEX as complex_warning:
            raise ValueError('Complex data not supported\n{}\n'.format(value)) from complex_warning
    if array.dtype.kind == 'c':
        raise ValueError('Complex data not supported\n{}\n'.format(array))
    if array.dtype.kind in 'USV':
        raise ValueError("dtype='numeric' is not compatible with arrays of bytes/strings."
                         'Convert your data to numeric values explicitly instead.')
    if array.ndim >= 3:
        raise ValueError('Found array with dim %d. None expected <= 2.' % array.ndim)
    _check_finite(array)
    if array.ndim == 0:
        raise TypeError('Singleton array %r cannot be considered a valid collection.' % array)
    if array.shape[0] < 1:
        raise ValueError('Found array with %d sample(s) (shape=%s) while a minimum of 1 is required.'
                         % (array.shape[0], array.shape))
    if array.ndim == 2 and array.shape[1] < 1:
        raise ValueError('Found array with %d feature(s) (shape=%s) while a minimum of 1 is required.'
                         % (array.shape[1], array.shape))
    return array


def _check_finite(array):
    if array.dtype.kind != 'f':
        return
    with np.errstate(over='ignore'):
        if np.isfinite(np.sum(array)):
            return
    if np.isnan(array).any():
        raise ValueError('Input contains NaN.')
    if np.isinf(array).any():
        raise ValueError('Input contains infinity or a value too large for %r.' % array.dtype)


def _samples(value):
    """How many samples scikit-learn counts in an argument (_num_samples)."""
    message = 'Expected sequence or array-like, got %s' % type(value)
    if not hasattr(value, '__len__') and not hasattr(value, 'shape'):
        if not hasattr(value, '__array__'):
            raise TypeError(message)
        value = np.asarray(value)
    shape = getattr(value, 'shape', None)
    if shape is not None:
        if len(shape) == 0:
            raise TypeError('Singleton array %r cannot be considered a valid collection.' % value)
        return shape[0]
    return len(value)


def _check_lengths(*values):
    lengths = [_samples(v) for v in values if v is not None]
    if len(set(lengths)) > 1:
        raise ValueError('Found input variables with inconsistent numbers of samples: %r' % [int(n) for n in lengths])


def _check_target_type(y_true):
    """Only a matrix of more than one column is a ranking: anything else is
    refused with the target type scikit-learn's type_of_target names."""
    if y_true.ndim == 2 and y_true.shape[1] > 1:
        return
    if y_true.dtype.kind == 'f' and np.any(y_true != y_true.astype(int)):
        found = 'continuous'
    elif np.unique(y_true).shape[0] > 2:
        found = 'multiclass'
    else:
        found = 'binary'
    raise ValueError('Only {} formats are supported. Got {} instead'.format(_FORMATS, found))


def _checked(y_true, y_score, sample_weight):
    y_true = _as_array(y_true)
    y_score = _as_array(y_score)
    _check_lengths(y_true, y_score, sample_weight)
    return y_true, y_score


def _depth(k, cols):
    """Positions that count: scikit-learn zeroes the discount from k on (discount[k:] = 0)."""
    return cols if k is None else len(range(cols)[:k])


def _row_sums(y_true, y_score, k, log_base, ignore_ties, with_ideal=True):
    """Each row's DCG, ideal DCG and NDCG, as scikit-learn's _dcg_sample_scores gives them."""
    if y_score.shape != y_true.shape:
        raise ValueError('y_true and y_score have different shapes: %s and %s' % (y_true.shape, y_score.shape))
    cols = y_true.shape[1]
    depth = _depth(k, cols)
    scores = y_score
    if not ignore_ties and y_score.dtype.kind in 'uib':
        # scikit-learn ranks by -y_score in its own dtype: unsigned and the smallest signed
        # integers wrap around, booleans are refused.
        scores = -np.negative(y_score).astype(np.float64)
    labels = np.ascontiguousarray(y_true, dtype=np.float64)
    sums = _sums(labels, np.ascontiguousarray(scores, dtype=np.float64), cols, depth, log_base, not ignore_ties,
                 with_ideal)
    tied = np.flatnonzero(sums[3]) if ignore_ties else ()
    if len(tied):
        # Equal scores with different labels: ranked as scikit-learn's argsort reversed ranks them.
        order = np.argsort(y_score[tied])[:, ::-1]
        ranked = np.ascontiguousarray(np.take_along_axis(labels[tied], order, axis=1))
        descending = np.ascontiguousarray(np.broadcast_to(-np.arange(cols, dtype=np.float64), ranked.shape))
        again = _sums(ranked, descending, cols, depth, log_base, True, with_ideal)
        for mine, theirs in zip(sums[:3], again[:3]):
            mine[tied] = theirs
    return sums


def _sums(labels, scores, cols, depth, log_base, average, with_ideal):
    reply = _core.dcg_rows(labels.reshape(-1), scores.reshape(-1), cols, depth, float(log_base), average, with_ideal, 0)
    return [np.frombuffer(reply[key], dtype=np.float64).copy() for key in ('dcg', 'ideal', 'ndcg')] + \
        [np.frombuffer(reply['tied'], dtype=np.uint8)]


def dcg_score(y_true, y_score, *, k=None, log_base=2, sample_weight=None, ignore_ties=False):
    """scikit-learn's dcg_score: the mean over rows (weighted by
    sample_weight) of DCG@k, the gain each label itself and the discount
    log_base(i + 1), tied scores averaged unless ignore_ties. y_true,
    y_score: (n_samples, n_labels) arrays or lists, more than one label per
    row. Raises ValueError (and TypeError) where scikit-learn 1.2 does."""
    y_true, y_score = _checked(y_true, y_score, sample_weight)
    _check_target_type(y_true)
    with np.errstate(all='ignore'):
        np.log(log_base)  # what scikit-learn takes the discount's base from: it refuses what NumPy refuses
    return np.average(_row_sums(y_true, y_score, k, log_base, ignore_ties, with_ideal=False)[0], weights=sample_weight)


def ndcg_score(y_true, y_score, *, k=None, sample_weight=None, ignore_ties=False):
    """scikit-learn's ndcg_score: the mean over rows (weighted by
    sample_weight) of DCG@k / IDCG@k, the ideal from the row's own labels,
    0 for a row whose ideal is 0, tied scores averaged unless ignore_ties.
    Warns (FutureWarning) on negative y_true and computes it as scikit-learn
    1.2 does. Raises ValueError (and TypeError) where scikit-learn 1.2 does."""
    y_true, y_score = _checked(y_true, y_score, sample_weight)
    if y_true.min() < 0:
        warnings.warn(_NEGATIVE, FutureWarning, stacklevel=2)
    _check_target_type(y_true)
    return np.average(_row_sums(y_true, y_score, k, 2, ignore_ties)[2], weights=sample_weight)


def explain_row(y_true_row, y_score_row, *, k=None, ignore_ties=False):
    """One row of ndcg_score's input step by step, under its convention
    (preset='sklearn': linear gain, ideal from the row's labels, tied scores
    averaged unless ignore_ties): an Explanation whose ndcg is the row's
    value, whose steps and ideal_steps are the tables, render() the report.
    k: None (the whole row) or 1 or more. Negative labels are refused (the
    explanation needs gains of 0 or more)."""
    labels = np.asarray(y_true_row, dtype=np.float64).reshape(-1)
    scores = np.asarray(y_score_row).reshape(-1)
    if labels.shape != scores.shape:
        raise ValueError('y_true_row and y_score_row have different lengths: %d and %d' % (len(labels), len(scores)))
    if k is not None and (isinstance(k, bool) or int(k) != k or k < 1):
        raise ValueError('k: expected None or a whole number of 1 or more, got %r' % (k,))
    ties = None
    if ignore_ties:
        order = np.argsort(scores)[::-1]  # scikit-learn's order for equal scores
        labels, scores, ties = labels[order], scores[order], 'input'
    return explain({'score': scores.astype(np.float64), 'rel': labels}, k=None if k is None else int(k),
                   preset='sklearn', ties=ties)
