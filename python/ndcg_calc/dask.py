"""Runs held in Dask, evaluated across a cluster and equal to one machine's
evaluation to the last bit.

    evaluate(run, qrels=None, measures=None, **options) -> ArrayEvaluation
    compare(runs, qrels, measures=None, **options) -> Comparison
    partials(run, qrels=None, measures=None, **options) -> [dask.delayed]

The rows of one query may sit in several partitions: the run (and the
qrels) are shuffled by query with the engine, only the three columns each
needs (qid, docid, score; qid, docid, label), and each partition pair goes
to the core as its columns in its worker (no text); the partitions'
evaluations are merged on the client by ndcg_calc.merge (the rule of
`ndcg trec --merge`). The columns are named by the core's one table of
names, as a CSV header is read. Dask is imported here, not by `import ndcg_calc`."""
from . import _core
from ._impl.errors import NdcgError
from ._impl.inputs import frame_columns
from ._impl.merge import fields_of, merge
from ._impl.options import option_texts

try:
    import dask
    import dask.dataframe as dd
    import pandas as pd
except ImportError as e:  # pragma: no cover - depends on the machine
    raise ImportError('ndcg_calc.dask needs Dask (Debian: apt-get install python3-dask python3-distributed; '
                      'pip: pip install "dask[dataframe]" distributed): %s' % e) from e

_ROW = '_ndcg_row'
_PART = '_ndcg_part'


def _roles(frame, use, source):
    """The columns of a frame that give each field, by the core's one table of
    names and its rules for a run, qrels or both (as a CSV header is read):
    {'query': column, 'doc': ..., 'score', 'rank', 'rel', 'tag'}, None where
    there is none."""
    named = {str(c): c for c in frame.columns}
    roles = _core.column_roles(list(named), use)
    return {role: None if name is None else named[name] for role, name in roles.items()}


def _frame(value, source, npartitions=1):
    """A Dask DataFrame of a Dask or pandas frame, or of a {qid: {docid: grade}} dict."""
    if isinstance(value, dd.DataFrame):
        return value
    if isinstance(value, pd.DataFrame):
        return dd.from_pandas(value, npartitions=npartitions)
    if isinstance(value, dict):
        rows = [(str(q), str(d), g) for q, docs in value.items() for d, g in docs.items()]
        return dd.from_pandas(pd.DataFrame(rows, columns=['qid', 'docid', 'label']), npartitions=npartitions)
    raise NdcgError('%s: expected a Dask or pandas DataFrame or a dict {qid: {docid: grade}}, got %s'
                    % (source, type(value).__name__), code='bad-type', source=source,
                    args={'expected': 'a DataFrame or a dict'})


def _by_query(frame, qid, npartitions):
    """The frame with its qid column as text, shuffled so that each query's
    rows are in one partition (the same partition for the same qid in every
    frame shuffled into as many partitions)."""
    frame = frame.assign(**{qid: frame[qid].astype(str)})
    return frame.shuffle(qid, npartitions=npartitions)


def _nested(part, qid, key, value):
    out = {}
    for q, k, v in zip(part[qid].tolist(), part[key].astype(str).tolist(), part[value].tolist()):
        out.setdefault(q, {})[k] = v
    return out


def _evaluate_docs(run_part, qrels_part, texts, complete, threads):
    """One partition of a run of documents against the qrels of its queries,
    both handed to the core as their columns (each partition a shard)."""
    if len(qrels_part) == 0:
        return None  # no judged query here
    if len(run_part) == 0:
        if not complete:
            return None
        # trec_eval's -c: the judged queries the run lacks, evaluated with nothing ranked
        judged = _nested(qrels_part, *qrels_part.columns)
        return _core.evaluate_dicts(judged, {q: {} for q in judged}, texts, threads)
    from ._impl.evaluate import Evaluation
    reply = _core.evaluate_columns(frame_columns(qrels_part), frame_columns(run_part), b'', 'DataFrame', texts,
                                   threads)
    return fields_of(Evaluation(reply, {}))


def _evaluate_labels(part, columns, texts, threads):
    """One partition of a run of labels (LTR): each query's rows in their first order."""
    qid, label, score = columns
    if len(part) == 0:
        return None
    part = part.sort_values([qid, _ROW] if _ROW in part.columns else qid, kind='stable')
    from ._impl.arrays import _boundaries
    sizes, names = _boundaries(part[qid], len(part))
    return _core.evaluate_arrays(part[label].to_numpy(), part[score].to_numpy(), sizes, names, texts, threads)


def _texts(measures, options):
    given = dict(options)
    given['measures'] = [measures] if isinstance(measures, str) else measures
    return option_texts(given)


def _qids(part, qid):
    return part[qid].astype(str).unique().tolist()


def _owners(qids):
    """Each query's run partitions, (qid, partition) rows: a query two
    partitions hold gets its qrels in both, and merge() then names it."""
    return pd.DataFrame([(q, i) for i, found in enumerate(qids) for q in found], columns=[_ROW, _PART])


def _split(qrels_part, qid, owners, parts):
    """A qrels partition cut into the pieces each run partition needs."""
    keyed = qrels_part.assign(**{_ROW: qrels_part[qid].astype(str)}).merge(owners, on=_ROW)
    return tuple(keyed[keyed[_PART] == i].drop(columns=[_ROW, _PART]) for i in range(parts))


def _evaluate_grouped(run_part, qrels_pieces, qids, texts, threads):
    qrels_part = pd.concat(qrels_pieces)
    run_part = run_part.assign(**{qids[0]: run_part[qids[0]].astype(str)})
    qrels_part = qrels_part.assign(**{qids[1]: qrels_part[qids[1]].astype(str)})
    return _evaluate_docs(run_part, qrels_part, texts, False, threads)


def _grouped(run, judged, qids, texts, options, threads):
    """Partitions that hold whole queries: the run is not shuffled; each run
    partition gets the qrels of its own queries, cut out of each qrels
    partition where it lies (what moves is one table of (qid, partition)
    rows and the pieces, never the whole qrels)."""
    if options.get('complete'):
        raise NdcgError('complete: not with grouped=True (a judged query the run lacks is in no partition); '
                        'leave grouped out', code='bad-input', source='options', key='complete')
    run_parts = run.to_delayed()
    owners = dask.delayed(_owners, pure=True)([dask.delayed(_qids, pure=True)(p, qids[0]) for p in run_parts])
    split = dask.delayed(_split, pure=True, nout=len(run_parts))
    pieces = [split(q, qids[1], owners, len(run_parts)) for q in judged.to_delayed()]
    evaluate_one = dask.delayed(_evaluate_grouped, pure=True)
    return [evaluate_one(p, [piece[i] for piece in pieces], qids, texts, threads) for i, p in enumerate(run_parts)]


def _labels(run, parts, grouped, texts, threads):
    """A run of labels and scores (no document column), as XGBoost and LightGBM hold them."""
    roles = _roles(run, 'both', 'run')
    if roles['score'] is None:
        raise NdcgError('run: a run of labels needs a score column', code='no-grade-column', source='run')
    columns = (roles['query'], roles['rel'], roles['score'])
    run = run[list(columns)]
    evaluate_one = dask.delayed(_evaluate_labels, pure=True)
    if grouped:
        return [evaluate_one(p, columns, texts, threads) for p in run.to_delayed()]
    numbered = run.assign(**{_ROW: 1})
    numbered = numbered.assign(**{_ROW: numbered[_ROW].cumsum()})  # each row's place in the whole run
    shuffled = _by_query(numbered, columns[0], parts).to_delayed()
    return [evaluate_one(p, columns, texts, threads) for p in shuffled]


def partials(run, qrels=None, measures=None, *, npartitions=None, grouped=False, threads=1, **options):
    """The per-partition evaluations of a run as dask.delayed objects (one
    per partition, each query in exactly one), for ndcg_calc.merge: the two
    pieces evaluate() is made of. Arguments as for evaluate()."""
    run = _frame(run, 'run')
    parts = npartitions or run.npartitions
    texts = _texts(measures, options)
    if qrels is None:
        if _roles(run, 'both', 'run')['doc'] is not None:
            raise NdcgError('qrels: a run of documents needs qrels (a Dask or pandas frame or a dict)',
                            code='bad-input', source='qrels')
        return _labels(run, parts, grouped, texts, threads)
    roles = _roles(run, 'run', 'run')
    if roles['doc'] is None:
        raise NdcgError('qrels: the run has labels (no document column), so it needs no qrels', code='bad-input',
                        source='qrels')
    judged = _frame(qrels, 'qrels')
    qrels_roles = _roles(judged, 'qrels', 'qrels')
    # Only the three columns each side needs travel.
    run = run[[roles['query'], roles['doc'], roles['score'] if roles['score'] is not None else roles['rank']]]
    judged = judged[[qrels_roles['query'], qrels_roles['doc'], qrels_roles['rel']]]
    qids = (roles['query'], qrels_roles['query'])
    shards = _texts(measures, dict(options, shard=True))  # a partition may hold no judged query
    if grouped:
        return _grouped(run, judged, qids, shards, options, threads)
    run_parts = _by_query(run, qids[0], parts).to_delayed()
    qrels_parts = _by_query(judged, qids[1], parts).to_delayed()
    evaluate_one = dask.delayed(_evaluate_docs, pure=True)
    complete = bool(options.get('complete'))
    return [evaluate_one(r, q, shards, complete, threads) for r, q in zip(run_parts, qrels_parts)]


def _merged(computed, options):
    output = {k: options[k] for k in ('per_query', 'no_summary', 'digits', 'format') if k in options}
    return merge([p for p in computed if p is not None], **output)


def evaluate(run, qrels=None, measures=None, *, npartitions=None, grouped=False, threads=1, **options):
    """Evaluates a run held in Dask, partition by partition on the cluster
    (the default scheduler: a distributed Client when one is running),
    merged on the client into what ndcg_calc.evaluate gives for the whole
    run, bit for bit.

    run: a Dask (or pandas) DataFrame with columns qid, docid, score
      (against qrels), or qid, label, score (a learning-to-rank set: each
      query's documents named by their position among its rows, as
      evaluate(labels, scores, qid=...) names them). Column aliases:
      query_id, doc_id/docno, rel/relevance.
    qrels: a Dask or pandas DataFrame (qid, docid, label) or a dict
      {qid: {docid: grade}}; none for labels.
    npartitions: partitions of the shuffle by query (default: the run's).
    grouped: True when each partition already holds whole queries (a run
      read from files split by query): no shuffle, the qrels sent to each
      worker whole. A query found in two partitions is then refused, named.
    options: as for ndcg_calc.evaluate (relevance_level, judged_only,
      complete, gain, k, preset, ...; per_query and digits for .text).
    Raises NdcgError for bad input; a partition that cannot be computed
    (a worker lost more often than Dask retries) raises Dask's error: never
    a mean over some partitions only.
    """
    parts = partials(run, qrels, measures, npartitions=npartitions, grouped=grouped, threads=threads, **options)
    return _merged(dask.compute(*parts), options)


_COMPARE_ONLY = ('trials', 'seed', 'all_pairs', 'holm_test', 'format', 'per_query', 'digits', 'names')


def compare(runs, qrels, measures=None, *, npartitions=None, grouped=False, threads=1, **options):
    """Compares runs held in Dask as ndcg_calc.compare does: each run
    evaluated by partitions on the cluster (all in one computation), merged
    per run, then the paired tests over the queries, joined by qid, on the
    client. runs: a list or a dict {name: run} of frames as for evaluate().
    options: compare's (trials, seed, all_pairs, holm_test, names, format,
    ...), and the evaluation's (relevance_level, complete, gain, ...).
    Every run must have a value for every judged query (or complete=True),
    as `ndcg compare` requires."""
    given = dict(options)
    if hasattr(runs, 'items'):
        given.setdefault('names', [str(name) for name in runs])
        runs = list(runs.values())
    if measures is None:
        measures = _core.measure_tables()['compare_default']
    evaluated = {k: v for k, v in given.items() if k not in _COMPARE_ONLY and k != 'tie_range'}
    parts = [partials(run, qrels, measures, npartitions=npartitions, grouped=grouped, threads=threads, **evaluated)
             for run in runs]
    computed = dask.compute(*[p for run_parts in parts for p in run_parts])
    results, at = [], 0
    for run_parts in parts:
        results.append(merge([p for p in computed[at:at + len(run_parts)] if p is not None]))
        at += len(run_parts)
    fields = [fields_of(r) for r in results]
    given['measures'] = measures
    from ._impl.compare import Comparison
    return Comparison(_core.compare_results(fields, _judged_qids(qrels), option_texts(given)))


def _judged_qids(qrels):
    """The judged queries (each run must have them, unless complete), or None without qrels."""
    if qrels is None:
        return None
    judged = _frame(qrels, 'qrels')
    return judged[_roles(judged, 'qrels', 'qrels')['query']].astype(str).unique().compute().tolist()
