"""evaluate(): a whole run against qrels, as `ndcg trec` evaluates it."""
import os

from .. import _core
from .errors import NdcgError
from .arrays import evaluate_arrays, is_column
from .inputs import group_input, read_path, trec_input
from .options import option_texts
from .summary import take_summary


class Evaluation(dict):
    """{qid: {measure: value}} for every evaluated query (qids in trec_eval's
    order), with the means and what the command prints:

    mean        {measure: value}: the "all" line (sums for counts, the
                geometric mean for gm_map; runid's is None, see run_id)
    measures    the measures' printed names ("ndcg_cut_10", "P_5")
    num_q       queries evaluated;  run_id  the tag of the run's last line
    not_offered measures all_trec named that are not computed
    notes       readings taken and trec_eval's faults avoided, as `ndcg trec`
                says them on stderr ("ndcg_cut.23.4: cutoff 23.4 read as 23")
    text        `ndcg trec`'s output for the same options (per_query,
                no_summary, digits, format)
    read_as     how each input was read: {'qrels': 'file'|'text'|..., 'run': ...}
    ci95        with ci=True: {measure: [low, high]}, a bootstrap 95% interval
                of each mean over queries ([None, None] under 10 queries);
                ci_queries {measure: queries it rests on}; else both None
    readings    how the core read each input that is not plain TREC, as
                `ndcg trec` says it on stderr ("run read as CSV: query_id ->
                query, doc_id -> doc, score -> score")
    inputs      the same readings as fields, one per line of readings:
                [{'name': 'run', 'run': 1, 'format': 'csv', 'columns':
                {'query': 'query_id', ...}, 'notes': [...], ...}]

    A value that is not defined (NDCG of a query with IDCG = 0 under a preset
    that leaves such queries out) is None.
    """

    def __init__(self, reply, read_as):
        super().__init__(reply['per_query'])
        take_summary(self, reply, read_as)

    def __repr__(self):
        means = ', '.join('%s=%r' % (m, v) for m, v in self.mean.items() if m != 'runid')
        return '<Evaluation of %d queries: %s>' % (self.num_q, means)


def _text_of(value, source, read_as):
    kind, found = trec_input(value, source)
    if kind == 'path':
        read_as[source] = 'file'
        return read_path(found, source)
    read_as[source] = 'text' if isinstance(value, (str, bytes, bytearray, memoryview)) else type(value).__name__
    return found


def evaluate(qrels, run=None, measures=None, *, group=None, qid=None, subtopics=None, zscores=None, threads=0,
             **options):
    """Evaluates a run against qrels with trec_eval's measures and semantics.

    qrels, run: file paths (str or pathlib.Path), text, bytes (gzip too),
      {qid: {docid: grade}} / {qid: {docid: score}} dicts, lists of records
      or pandas DataFrames, read as `ndcg trec` reads its files: TREC, CSV or
      TSV with a header, BEIR qrels, JSON, JSON Lines, named by the core's one
      table of column names (qid/query_id, docid/doc_id, score, rank,
      rel/relevance/label, ...); run_format= and qrels_format= name a format.
      A LETOR file as qrels takes its predictions (one score per line) as
      run, and group= its group sizes (a file, text or list) when its lines
      carry no qid:. run=None: qrels holds both, e.g. one DataFrame with qid,
      label and score columns (an LTR evaluation set).
      Or, as XGBoost and LightGBM hold them, qrels = the labels and
      run = the scores (NumPy arrays of any integer or float type, pandas
      columns, buffers or lists, one per row) with group= the group sizes
      or qid= one query id per row: each group is a query whose documents
      are its rows, named by their position in it (1, 2, ...). These reach
      the core as memory, evaluated on `threads` threads (0: every core),
      and the result is an ArrayEvaluation (the same mapping and
      attributes, read lazily from one list per measure: .columns).
    measures: `ndcg trec -m` names: a str or a list ("ndcg_cut.10", "map",
      "P.5,10", "official", "all_trec"); None: trec_eval's default set.
    zscores: trec_eval's -Z, a file or text of "qid measure mean stddev"
      lines: the values become z-scores, named as trec_eval prints them
      ("Zmap"; counts no longer whole numbers).
    options: complete, strict, shard, relevance_level, max_docs (-M),
      judged_only (-J), docs_in_collection (-N), judgments (-R), k, ties,
      zero_idcg, gain ('exp'), preset, alpha, err_max_grade, tie_range (the
      measures NAME:ties, NAME:worst and NAME:best beside the others: how far
      the order of equal scores moves each; not with arrays), ci (.ci95 and
      .ci_queries: a seeded bootstrap 95% interval of each mean over
      queries; trials, seed), per_query,
      no_summary and digits (for .text), read as the CLI reads its flags.
    Raises NdcgError for bad input or options.
    """
    given = dict(options)
    given['measures'] = [measures] if isinstance(measures, str) else measures
    texts = option_texts(given)
    read_as = {}
    if run is not None and is_column(run) and is_column(qrels):
        if subtopics is not None or zscores is not None:
            source = 'subtopics' if subtopics is not None else 'zscores'
            raise NdcgError('%s: not for labels and scores (their queries are numbered, not named)' % source,
                            code='bad-input', source=source)
        return evaluate_arrays(qrels, run, texts, group, qid, threads)
    if zscores is not None:  # -Z's means: an input (a file or text), handed over beside the options
        texts.append((b'zscores', _text_of(zscores, 'zscores', read_as)))
    qrels_value = _text_of(qrels, 'qrels', read_as)
    run_is_path, run_arg = False, b''
    if run is not None:
        kind, run_value = trec_input(run, 'run')
        run_is_path = kind == 'path'
        read_as['run'] = 'file' if run_is_path else (
            'text' if isinstance(run, (str, bytes, bytearray, memoryview)) else type(run).__name__)
        run_arg = os.fsencode(run_value) if run_is_path else run_value
    topics = b'' if subtopics is None else _text_of(subtopics, 'subtopics', read_as)
    reply = _core.evaluate(qrels_value, run_arg, run_is_path, run is not None, topics, group_input(group), texts)
    return Evaluation(reply, read_as)
