"""What every evaluation result carries beside its values: the fields of the
core's reply that Evaluation (text and files) and ArrayEvaluation (arrays)
both hold, read off put_trec_result's field list (the core's
result_fields.hpp): every field but per_query, the values themselves."""
from .. import _core

_FIELDS = _core.RESULT_FIELDS['trec_result']
SUMMARY_FIELDS = tuple(name for name, _type, _doc, when in _FIELDS if not when and name != 'per_query')
# Fields there only with some options (ci=True: ci95, ci_queries); None otherwise.
INTERVAL_FIELDS = tuple(name for name, _type, _doc, when in _FIELDS if when)


def take_summary(result, reply, read_as):
    """Sets SUMMARY_FIELDS from `reply` (the core's evaluation_of, which
    both paths call: `readings` is empty for arrays, which are not read from
    text) on `result`, and its `read_as`."""
    for name in SUMMARY_FIELDS:
        setattr(result, name, reply[name])
    for name in INTERVAL_FIELDS:
        setattr(result, name, reply.get(name))
    result.read_as = read_as
