"""Labels and scores as arrays, straight into the core as memory: NumPy
arrays of any integer or float type (contiguous or strided), pandas
columns, array.array and other buffers, or plain lists. Query boundaries
come from group= (the rows of each query, as LightGBM and XGBoost hold
them) or qid= (one query id per row, each query's rows together). A
document has no id: its position in its query names it wherever an id is
shown. The core reads the buffers in place (float64) or copies them once,
evaluates the queries on every core, and hands back one list of values
per measure (put_trec_result), which ArrayEvaluation reads lazily, so a
million queries cost no million dicts."""
import array
import numbers
from collections.abc import Mapping

from .. import _core
from .errors import NdcgError
from .summary import take_summary


def _bad_type(source, what, value):
    return NdcgError('%s: expected %s, got %s' % (source, what, type(value).__name__), code='bad-type',
                     source=source, args={'expected': what})


def buffer_of(value, source):
    """An object with the buffer protocol for a column of numbers."""
    if hasattr(value, 'to_numpy') and not hasattr(value, '__array_interface__'):
        value = value.to_numpy()  # a pandas Series or Index: its values, without a copy where it can
    try:
        memoryview(value)
        return value
    except TypeError:
        pass
    if isinstance(value, (list, tuple)):
        for at, v in enumerate(value):
            if isinstance(v, bool) or not isinstance(v, numbers.Real):
                raise NdcgError('%s[%d] is not a number: %r' % (source, at, v), code='not-a-number', source=source,
                                args={'found': repr(v)})
        return array.array('d', value)
    raise _bad_type(source, 'an array, a list of numbers or a pandas column', value)


_NUMBER_FORMATS = set('bBhHiIlLqQfd?')


def is_column(value):
    """Labels or scores: a NumPy array or pandas column of numbers, a buffer
    of numbers (array.array), or a list or tuple of numbers. bytes and str
    are text."""
    if isinstance(value, (str, bytes, bytearray, memoryview)):
        return False
    if isinstance(value, (list, tuple)):
        return all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in value)
    dtype = getattr(value, 'dtype', None)
    if dtype is not None and getattr(value, 'ndim', 0) >= 1:
        return getattr(dtype, 'kind', '') in 'biuf'
    try:
        view = memoryview(value)
    except TypeError:
        return False
    return view.format.lstrip('<>=!@') in _NUMBER_FORMATS


def _boundaries(qid, rows):
    """(sizes, names) of the queries of a per-row qid column; a query's rows must be together."""
    values = qid.tolist() if hasattr(qid, 'tolist') else list(qid)
    if len(values) != rows:
        raise NdcgError('qid has %d entries for %d rows' % (len(values), rows), code='field-count', source='options',
                        args={'expected': str(rows), 'found': str(len(values))})
    sizes, names, seen = [], [], set()
    for v in values:
        if names and v == names[-1]:
            sizes[-1] += 1
            continue
        if v in seen:
            raise NdcgError('qid %r comes back after other queries: the rows of a query must be together'
                            % (v,), code='bad-input', source='options', args={'found': str(v)})
        seen.add(v)
        names.append(v)
        sizes.append(1)
    return array.array('q', sizes), [str(v) for v in names]


def _sizes(group, qid, rows):
    if group is not None and qid is not None:
        raise NdcgError('give group (sizes) or qid (one per row), not both', code='bad-input', source='options')
    if qid is not None:
        if isinstance(qid, (str, bytes)) or not hasattr(qid, '__len__'):
            raise _bad_type('options', 'qid as a list or an array, one per row', qid)
        return _boundaries(qid, rows)
    if group is None:
        return array.array('q', [rows] if rows else []), []
    if isinstance(group, (str, bytes)) or not hasattr(group, '__len__'):
        raise _bad_type('options', 'group as a list or an array of group sizes', group)
    return buffer_of(group, 'group'), []


def _rows(value):
    return memoryview(value).shape[0] if memoryview(value).ndim == 1 else -1


class ArrayEvaluation(Mapping):
    """evaluate()'s result for arrays: {qid: {measure: value}} read lazily
    from one list of values per measure, with the attributes of an
    Evaluation (mean, measures, num_q, run_id, not_offered, notes, text,
    read_as, and readings, empty: arrays are not read from text) and
    `columns` ({measure: [value per query, in qids order]}) and `qids`."""

    def __init__(self, reply, read_as):
        self.columns = reply['columns']
        take_summary(self, reply, read_as)
        self._per_query = [m for m in self.measures if m not in set(self.summary_only)]
        self._at = None

    def __getitem__(self, qid):
        if self._at is None:
            self._at = {q: i for i, q in enumerate(self.qids)}
        i = self._at[qid]
        return {m: self.columns[m][i] for m in self._per_query}

    def __iter__(self):
        return iter(self.qids)

    def __len__(self):
        return len(self.qids)

    def __repr__(self):
        means = ', '.join('%s=%r' % (m, v) for m, v in self.mean.items() if m != 'runid')
        return '<Evaluation of %d queries: %s>' % (self.num_q, means)


def evaluate_arrays(labels, scores, option_texts, group=None, qid=None, threads=0):
    """labels and scores (one per row) into the core; see the module's text."""
    label_buffer = buffer_of(labels, 'labels')
    score_buffer = buffer_of(scores, 'scores')
    rows = _rows(label_buffer)
    if rows == 0:
        raise NdcgError('labels: no rows, so there is nothing to evaluate', code='empty-input', source='labels')
    sizes, names = _sizes(group, qid, rows)
    reply = _core.evaluate_arrays(label_buffer, score_buffer, sizes, names, option_texts, threads)
    return ArrayEvaluation(reply, {'qrels': 'labels', 'run': 'scores'})
