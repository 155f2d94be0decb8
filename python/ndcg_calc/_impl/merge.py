"""merge(): per-partition evaluations into the one-shot result, by the
core's rule for `ndcg trec --merge` (one implementation): each query's
values as they are, means over the queries in qid order, sums for counts,
geometric means from the per-query values, num_q added up. A query that two
partitions hold is refused with its id."""
import os
from collections.abc import Mapping

from .. import _core
from .arrays import ArrayEvaluation
from .errors import NdcgError
from .evaluate import Evaluation
from .inputs import read_path
from .options import option_texts, utf8

def fields_of(result):
    """An evaluation as the fields the core's merge reads (_core.MERGE_FIELDS)."""
    if isinstance(result, Evaluation):
        qids = list(result)
        given = {'qids': qids, 'columns': {m: [result[q].get(m) for q in qids] for m in result.measures}}
    else:
        given = {}
    return {name: given[name] if name in given else getattr(result, name) for name in _core.MERGE_FIELDS}


def part_of(value):
    """An evaluation as the fields the core's merge reads, or text as bytes."""
    if isinstance(value, (ArrayEvaluation, Evaluation)):
        return fields_of(value)
    if isinstance(value, Mapping) and all(k in value for k, needed in _core.MERGE_FIELDS.items() if needed):
        return dict(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, str):  # a file when it names one (no line break), else the text itself
        named = value and '\n' not in value and '\t' not in value and os.path.isfile(value)
        return read_path(value, 'partials') if named else utf8(value)
    if isinstance(value, os.PathLike):
        return read_path(os.fspath(value), 'partials')
    raise NdcgError('partials: expected evaluations or `ndcg trec -q --digits 17` outputs, got %s'
                    % type(value).__name__, code='bad-type', source='partials',
                    args={'expected': 'an Evaluation, a text or a file'})


def merge(partials, **options):
    """The evaluation of a run split by query, from each part's evaluation:
    Evaluation or ArrayEvaluation objects (as evaluate() returns them, kept
    exact), their fields as a dict, or `ndcg trec -q --digits 17` outputs
    (text or file paths), mixed as they come. Returns an ArrayEvaluation
    ({qid: {measure: value}}, .mean, .columns, .num_q, .text) equal to one
    evaluate() of the whole run to the last bit.

    options: per_query, no_summary, digits and format, for .text.
    Raises NdcgError, naming the queries that more than one part holds.
    """
    parts = [part_of(p) for p in partials]
    reply = _core.merge(parts, option_texts(dict(options)))
    return ArrayEvaluation(reply, {'run': 'partials'})
