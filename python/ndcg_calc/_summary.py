"""What every evaluation result carries beside its values: the fields of the
core's reply that Evaluation (text and files) and ArrayEvaluation (arrays)
both hold, set in one place."""

SUMMARY_FIELDS = ('mean', 'measures', 'num_q', 'run_id', 'not_offered', 'notes', 'text', 'readings')
# With ci=True only; None otherwise.
INTERVAL_FIELDS = ('ci95', 'ci_queries')


def take_summary(result, reply, read_as):
    """Sets SUMMARY_FIELDS from `reply` (the core's evaluation_of, which
    both paths call: `readings` is empty for arrays, which are not read from
    text) on `result`, and its `read_as`."""
    for name in SUMMARY_FIELDS:
        setattr(result, name, reply[name])
    for name in INTERVAL_FIELDS:
        setattr(result, name, reply.get(name))
    result.read_as = read_as
