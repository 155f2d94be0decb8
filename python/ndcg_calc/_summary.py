"""What every evaluation result carries beside its values: the fields of the
core's reply that Evaluation (text and files) and ArrayEvaluation (arrays)
both hold, set in one place."""

SUMMARY_FIELDS = ('mean', 'measures', 'num_q', 'run_id', 'not_offered', 'notes', 'text')


def take_summary(result, reply, read_as):
    """Sets SUMMARY_FIELDS from `reply` on `result`, its `read_as`, and its
    `readings` (how the core read each input that is not plain TREC; arrays
    are not read from text, so their reply has none)."""
    for name in SUMMARY_FIELDS:
        setattr(result, name, reply[name])
    result.read_as = read_as
    result.readings = reply.get('readings', [])
