"""compare(): runs against the first with paired tests, as `ndcg compare`."""
from .. import _core
from .evaluate import _text_of
from .inputs import _is_frame, frame_columns, group_input
from .options import option_texts


class Comparison(dict):
    """What `ndcg compare --format json` holds, as a dict: runs, measures,
    qids, comparisons (one dict per measure and pair: mean_a, mean_b, diff,
    ci95, effect_size, wins, losses, ties, p_ttest, p_wilcoxon, p_sign,
    p_randomization, p_holm when adjusted), tie_ranges, per_query
    ({measure: [[each run's values in qid order], ...]}), per_query_worst and
    per_query_best (the same in the worst and best order of ties; None
    without tie_range), trials, seed, holm_test, readings, and text: the
    report in the format asked for. Undefined values are None."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __repr__(self):
        return '<Comparison of %d runs over %d queries, %d comparisons>' % (
            len(self['runs']), len(self['qids']), len(self['comparisons']))


def compare(qrels, runs, measures=None, *, group=None, **options):
    """Compares runs (two or more) with the first, or every pair with
    all_pairs=True: for each measure the means, B - A with a 95% bootstrap
    interval (None, interval='withheld', below MIN_INTERVAL_QUERIES queries), d_z, wins/losses/ties and the p-values of the paired t-test,
    the Wilcoxon signed-rank, sign and randomization tests.

    qrels and each run: file paths, text, bytes, dicts, lists of records or
    DataFrames (as for evaluate(); a LETOR file and predictions files, with
    group= its group sizes); runs may also be a dict {name: run}, which
    names them. When the qrels and every run are DataFrames, they reach the
    core as their columns (no text between). The result's readings say how
    each input was read.
    options: every row of compare's option table (compare_option_schema()):
      complete, relevance_level, gain, trials, seed, all_pairs, holm_test,
      format, per_query, digits, names, tie_range.
    Raises NdcgError for bad input or options.
    """
    given = dict(options)
    given['measures'] = [measures] if isinstance(measures, str) else measures
    if hasattr(runs, 'items'):
        given.setdefault('names', [str(name) for name in runs])
        runs = list(runs.values())
    runs = list(runs)
    if group is None and _is_frame(qrels) and runs and all(_is_frame(run) for run in runs):
        options = option_texts(given)
        return Comparison(_core.compare_columns(frame_columns(qrels), [frame_columns(run) for run in runs],
                                                type(qrels).__name__, options, 0))
    read_as = {}
    qrels_text = _text_of(qrels, 'qrels', read_as)
    run_texts = [_text_of(run, 'run', read_as) for run in runs]
    return Comparison(_core.compare(qrels_text, run_texts, group_input(group), option_texts(given)))
