"""Every input the package takes, turned into what the core reads: text in
one of the core's formats (TREC, CSV with a header, JSON), a file path the
core streams, or grades as numbers. This is the one place where Python
values become inputs. The core parses and checks everything, and its one
table of column names names a DataFrame's columns (handed over as memory,
frame_columns); here a value is only written out, never interpreted.

Reading a str: for a run, qrels or judgments, a str without a line break
that names an existing file is that file; any other str is the text
itself (a single word that names no file is refused as a missing file,
since no qrels or run line is one word). bytes are always the text, and a
pathlib.Path (any os.PathLike) always a file. Which reading was taken is
in the result's `read_as`.
"""
import csv
import io
import json
import math
import numbers
import os

from .. import _core
from .errors import NdcgError
from .options import utf8

def _bad_type(source, what, value):
    return NdcgError('%s: expected %s, got %s' % (source, what, type(value).__name__), code='bad-type',
                     source=source, args={'expected': what})


def _is_frame(value):
    return type(value).__name__ == 'DataFrame' and hasattr(value, 'columns')


def _is_array(value):
    """A NumPy array (or alike) of one or more dimensions; a NumPy scalar is a number."""
    return hasattr(value, 'dtype') and hasattr(value, 'tolist') and getattr(value, 'ndim', 0) >= 1


def _number_text(source, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise _bad_type(source, 'a number', value)
    if isinstance(value, numbers.Integral):
        return str(int(value))
    v = float(value)
    return repr(v) if math.isfinite(v) else str(v)  # "nan", "inf": the core refuses them with their place


def _grade_text(source, value):
    """A judgment as a qrels line holds it: whole numbers print as digits
    (2.0 as "2"); anything else is written as it is, for the core to refuse."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise _bad_type(source, 'a whole number', value)
    v = float(value)
    if math.isfinite(v) and v == int(v):
        return str(int(v))
    return repr(v)


def _word(source, value, what):
    """A qid or docid: one word of a TREC line, so no whitespace in it (and a
    qid not starting with '#', which makes the line a comment)."""
    text = value if isinstance(value, str) else str(value)
    if not text or any(c.isspace() for c in text) or (what == 'qid' and text.startswith('#')):
        raise NdcgError('%s: the %s %r is empty or holds whitespace, which no TREC line can carry'
                        % (source, what, text), code='bad-input', source=source, args={'found': text})
    return text


# ---- files or text -----------------------------------------------------------------


def source_of(value, source):
    """('path', str) or ('text', str|bytes) for a value that is a file or text."""
    if isinstance(value, os.PathLike):
        return 'path', os.fspath(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return 'text', bytes(value)
    if isinstance(value, str):
        if '\n' not in value and '\r' not in value:
            if os.path.isfile(value):
                return 'path', value
            if value.strip() and not any(c.isspace() for c in value.strip()):
                raise NdcgError('%s: no such file %r (text needs at least one line with several fields)'
                                % (source, value), code='bad-file', source=source, args={'found': value})
        return 'text', utf8(value)
    return None


def file_or_text(value, source):
    """The text of a value that is a file or text (a file read now), else None."""
    found = source_of(value, source)
    if not found:
        return None
    kind, text = found
    return read_path(text, source) if kind == 'path' else text


def read_path(path, source):
    try:
        with open(path, 'rb') as f:
            return f.read()
    except OSError as e:
        raise NdcgError('%s: cannot read %r: %s' % (source, path, e.strerror or e), code='bad-file', source=source,
                        args={'found': path}) from None


# ---- batch inputs from Python values ---------------------------------------------


def qrels_text(value, source='qrels'):
    """TREC qrels text ("qid 0 docid rel") from {qid: {docid: rel}}, written by the binding."""
    return _core.nested_text(value, False, source)


def run_text(value, source='run'):
    """TREC run text from {qid: {docid: score}}, written by the binding."""
    return _core.nested_text(value, True, source)


def frame_columns(frame, coded=True, names=None):
    """A DataFrame as the core takes a table held in memory: [(name, array)]
    with each column float64, int64 or objects (strings and anything else as
    its cells), in place where pandas holds it so; a categorical column
    (coded=True) as (name, int32 codes, its categories as objects), each code
    -1 (missing) or a category's place, read as the column of its cells. The
    core gives the columns their roles by their names, as a CSV header's.
    names: only the columns of these (unique) names, in this order, each
    read where it lies (frame[names] would copy them first)."""
    import numpy as np
    import pandas as pd
    out = []
    places = range(len(frame.columns)) if names is None else [list(frame.columns).index(n) for n in names]
    for at in places:
        name, column = frame.columns[at], frame.iloc[:, at]
        kind = getattr(column.dtype, 'kind', 'O')
        numpy_type = isinstance(column.dtype, np.dtype)
        if coded and isinstance(column.dtype, pd.CategoricalDtype) and len(column.cat.categories) < 2 ** 31:
            codes = np.ascontiguousarray(column.cat.codes.to_numpy(), dtype=np.int32)
            out.append((str(name), codes, np.ascontiguousarray(column.cat.categories.to_numpy(dtype=object))))
            continue
        if column.dtype == np.float64:  # as pandas holds it (na_value would copy it)
            values = column.to_numpy()
        elif kind == 'f' or (kind in 'iu' and not numpy_type):  # nullable integers: NA as NaN
            values = column.to_numpy(dtype='float64', na_value=np.nan)
        elif kind in 'iu' and column.dtype.itemsize <= 8 and not (kind == 'u' and column.dtype.itemsize == 8):
            values = column.to_numpy(dtype='int64')
        else:
            values = column.to_numpy(dtype=object)
        out.append((str(name), np.ascontiguousarray(values)))
    return out


def frame_text(frame):
    """A DataFrame as CSV with its header, for the core's table reader and its
    one table of column names (qid/query_id, docid/doc_id, score, rel/label, ...):
    what frames become beside inputs the columns path does not take (subtopics,
    a frame beside a file)."""
    return utf8(frame.to_csv(index=False, lineterminator='\n'))


def _json_value(value):
    item = getattr(value, 'item', None)  # NumPy scalars
    if item is not None:
        return item()
    raise TypeError('%s is not a JSON value' % type(value).__name__)


def trec_input(value, source):
    """('path', str) or ('text', str|bytes) for a qrels, run, subtopics or group input:
    a file, text, bytes, a DataFrame (as CSV), {qid: {docid: number}} or a list of
    records [{'query_id': ..., 'doc_id': ..., 'score': ...}] (as JSON), named
    tuples with such fields among them (any iterable of them)."""
    found = source_of(value, source)
    if found:
        return found
    if _is_frame(value):
        return 'text', frame_text(value)
    if not hasattr(value, 'items') and hasattr(value, '__iter__'):  # named tuples (ir_measures' Qrel, ScoredDoc)
        value = [v._asdict() if hasattr(v, '_asdict') else v for v in value]
    if isinstance(value, (list, tuple)) and value and all(hasattr(v, 'items') for v in value):
        try:
            return 'text', utf8(json.dumps([dict(v) for v in value], default=_json_value))
        except (TypeError, ValueError) as e:
            raise NdcgError('%s: a record holds a value JSON cannot carry (%s)' % (source, e), code='bad-type',
                            source=source, args={'expected': 'strings and numbers'}) from None
    if hasattr(value, 'items'):
        return 'text', run_text(value, source) if source == 'run' else qrels_text(value, source)
    raise _bad_type(source, 'a file path, text, bytes, a dict {qid: {docid: value}}, a list of records or a DataFrame',
                    value)


def group_input(value):
    """LETOR's group sizes (LightGBM .query, XGBoost .group): a file, text, bytes or a list of sizes."""
    if value is None:
        return b''
    text = file_or_text(value, 'group')
    if text is not None:
        return text
    if _is_array(value) or isinstance(value, (list, tuple)):
        return utf8(''.join('%s\n' % _number_text('group', v) for v in (value.tolist() if _is_array(value) else value)))
    raise _bad_type('group', 'a file path, text, bytes or a list of group sizes', value)


# ---- labels, scores and groups (XGBoost, LightGBM) --------------------------------


def is_numbers(value):
    """A NumPy array or a list/tuple of numbers (labels, scores, grades)."""
    if _is_array(value):
        return value.dtype.kind in 'biuf'
    return isinstance(value, (list, tuple)) and all(
        isinstance(v, numbers.Real) and not isinstance(v, bool) for v in value)


# ---- one ranking (explain) ---------------------------------------------------------


def _columns_csv(columns, source):
    """CSV text with a header from {column: values} (the core's CSV reader
    takes any subset of id, score, rel/grade/label, subtopics)."""
    names = [str(name) for name in columns]
    values = []
    for name, column in columns.items():
        if not (_is_array(column) or isinstance(column, (list, tuple)) or type(column).__name__ == 'Series'):
            raise _bad_type(source, 'a list, an array or a Series for column %s' % name, column)
        values.append(list(column.tolist() if hasattr(column, 'tolist') else column))
    if len({len(v) for v in values}) > 1:
        raise NdcgError('%s: the columns have different lengths' % source, code='field-count', source=source)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator='\n')
    writer.writerow(names)
    for row in zip(*values):
        writer.writerow([v if isinstance(v, str) else _number_text(source, v) for v in row])
    return out.getvalue()


def ranking_input(value):
    """('text', str|bytes) or ('grades', list of floats) for explain's ranking."""
    if isinstance(value, (str, bytes, bytearray)):
        return 'text', utf8(value) if isinstance(value, str) else bytes(value)
    if isinstance(value, os.PathLike):
        return 'text', read_path(os.fspath(value), 'ranking')
    if _is_frame(value):
        return 'text', utf8(_columns_csv({str(c): value[c] for c in value.columns}, 'ranking'))
    if hasattr(value, 'items'):
        return 'text', utf8(_columns_csv(dict(value.items()), 'ranking'))
    if is_numbers(value):
        return 'grades', [float(v) for v in (value.ravel().tolist() if _is_array(value) else value)]
    if isinstance(value, (list, tuple)):
        at = next(i for i, v in enumerate(value) if isinstance(v, bool) or not isinstance(v, numbers.Real))
        raise NdcgError('grades[%d] is not a number: %r' % (at, value[at]), code='not-a-number', source='ranking',
                        args={'found': repr(value[at])})
    raise _bad_type('ranking', 'text, bytes, a list or array of grades, a dict of columns or a DataFrame', value)


def judgments_input(value):
    """explain's qrels: a file, text, bytes, {docid: grade} or {qid: {docid: grade}}."""
    if value is None:
        return b''
    text = file_or_text(value, 'judgments')
    if text is not None:
        return text
    if hasattr(value, 'items'):
        values = list(value.values())
        if values and all(hasattr(v, 'items') for v in values):
            return qrels_text(value, 'judgments')
        return utf8(''.join('%s %s\n' % (_word('judgments', d, 'id'), _grade_text('judgments', g)) for d, g in value.items()))
    raise _bad_type('judgments', 'a file path, text, bytes or a dict {docid: grade}', value)
