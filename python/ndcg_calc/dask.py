"""Runs held in Dask, evaluated across a cluster and equal to one machine's
evaluation to the last bit.

    evaluate(run, qrels=None, measures=None, **options) -> ArrayEvaluation
    compare(runs, qrels, measures=None, **options) -> Comparison
    partials(run, qrels=None, measures=None, **options) -> [dask.delayed]

The rows of one query may sit in several partitions: the run (and the
qrels) are shuffled by query with the engine, each partition is evaluated
in its worker through the array path (no text), and the partitions'
evaluations are merged on the client by ndcg_calc.merge (the rule of
`ndcg trec --merge`). Dask is imported here, not by `import ndcg_calc`."""
from . import _core
from ._impl.errors import NdcgError
from ._impl.merge import fields_of, merge
from ._impl.options import option_texts

try:
    import dask
    import dask.dataframe as dd
    import pandas as pd
except ImportError as e:  # pragma: no cover - depends on the machine
    raise ImportError('ndcg_calc.dask needs Dask (Debian: apt-get install python3-dask python3-distributed; '
                      'pip: pip install "dask[dataframe]" distributed): %s' % e) from e

_QID = ('qid', 'query_id', 'query', 'topic')
_DOC = ('docid', 'doc_id', 'docno', 'doc')
_SCORE = ('score', 'sim', 'prediction')
_LABEL = ('label', 'rel', 'relevance', 'grade')
_ROW = '_ndcg_row'


def _name(frame, names, source, what, required=True):
    for column in frame.columns:
        if str(column).lower() in names:
            return column
    if required:
        raise NdcgError('%s: no %s column (one of %s) among %s' % (source, what, ', '.join(names), list(frame.columns)),
                        code='bad-input', source=source, args={'expected': names[0]})
    return None


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


def _evaluate_docs(run_part, qrels_part, columns, texts, complete, threads):
    """One partition of a run of documents against the qrels of its queries."""
    qid, doc, score, qrels_qid, qrels_doc, label = columns
    run = _nested(run_part, qid, doc, score)
    judged = _nested(qrels_part, qrels_qid, qrels_doc, label)
    if complete:  # trec_eval's -c: a judged query the run lacks is evaluated with nothing ranked
        for q in judged:
            run.setdefault(q, {})
    return _core.evaluate_dicts(judged, run, texts, threads)


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


def _judged_table(parts, columns):
    """The whole qrels as {qid: {docid: grade}}, made once and sent to each worker once."""
    frame = pd.concat(parts) if parts else pd.DataFrame(columns=list(columns))
    return _nested(frame.assign(**{columns[0]: frame[columns[0]].astype(str)}), *columns)


def _evaluate_grouped(run_part, judged, columns, texts, threads):
    qid, doc, score = columns
    run = _nested(run_part.assign(**{qid: run_part[qid].astype(str)}), qid, doc, score)
    return _core.evaluate_dicts(judged, run, texts, threads)


def _grouped(run, qrels, qid, doc, score, texts, options, threads):
    """Partitions that hold whole queries: no shuffle; the qrels go to each worker whole."""
    if options.get('complete'):
        raise NdcgError('complete: not with grouped=True (a judged query the run lacks is in no partition); '
                        'leave grouped out', code='bad-input', source='options', key='complete')
    judged = _frame(qrels, 'qrels')
    columns = (_name(judged, _QID, 'qrels', 'query'), _name(judged, _DOC, 'qrels', 'document'),
               _name(judged, _LABEL, 'qrels', 'label'))
    table = dask.delayed(_judged_table, pure=True)(judged.to_delayed(), columns)
    evaluate_one = dask.delayed(_evaluate_grouped, pure=True)
    return [evaluate_one(p, table, (qid, doc, score), texts, threads) for p in run.to_delayed()]


def partials(run, qrels=None, measures=None, *, npartitions=None, grouped=False, threads=1, **options):
    """The per-partition evaluations of a run as dask.delayed objects (one
    per partition, each query in exactly one), for ndcg_calc.merge: the two
    pieces evaluate() is made of. Arguments as for evaluate()."""
    run = _frame(run, 'run')
    parts = npartitions or run.npartitions
    texts = _texts(measures, options)
    qid = _name(run, _QID, 'run', 'query')
    score = _name(run, _SCORE, 'run', 'score')
    doc = _name(run, _DOC, 'run', 'document', required=False)
    if doc is None:  # labels and scores, as XGBoost and LightGBM hold them
        label = _name(run, _LABEL, 'run', 'label or document')
        if qrels is not None:
            raise NdcgError('qrels: the run has labels (no document column), so it needs no qrels', code='bad-input',
                            source='qrels')
        evaluate_one = dask.delayed(_evaluate_labels, pure=True)
        if grouped:
            return [evaluate_one(p, (qid, label, score), texts, threads) for p in run.to_delayed()]
        numbered = run.assign(**{_ROW: 1})
        numbered = numbered.assign(**{_ROW: numbered[_ROW].cumsum()})  # each row's place in the whole run
        shuffled = _by_query(numbered, qid, parts).to_delayed()
        return [evaluate_one(p, (qid, label, score), texts, threads) for p in shuffled]
    if qrels is None:
        raise NdcgError('qrels: a run of documents needs qrels (a Dask or pandas frame or a dict)', code='bad-input',
                        source='qrels')
    if grouped:
        return _grouped(run, qrels, qid, doc, score, texts, options, threads)
    judged = _frame(qrels, 'qrels')
    columns = (qid, doc, score, _name(judged, _QID, 'qrels', 'query'), _name(judged, _DOC, 'qrels', 'document'),
               _name(judged, _LABEL, 'qrels', 'label'))
    run_parts = _by_query(run, qid, parts).to_delayed()
    qrels_parts = _by_query(judged, columns[3], parts).to_delayed()
    evaluate_one = dask.delayed(_evaluate_docs, pure=True)
    complete = bool(options.get('complete'))
    return [evaluate_one(r, q, columns, texts, complete, threads) for r, q in zip(run_parts, qrels_parts)]


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
        measures = ['ndcg_cut.10', 'map', 'P.10', 'recip_rank']  # compare's defaults
    evaluated = {k: v for k, v in given.items() if k not in _COMPARE_ONLY and k != 'tie_range'}
    parts = [partials(run, qrels, measures, npartitions=npartitions, grouped=grouped, threads=threads, **evaluated)
             for run in runs]
    computed = dask.compute(*[p for run_parts in parts for p in run_parts])
    results, at = [], 0
    for run_parts in parts:
        results.append(merge([p for p in computed[at:at + len(run_parts)] if p is not None]))
        at += len(run_parts)
    _check_judged(results, qrels, given)
    fields = [fields_of(r) for r in results]
    given['measures'] = measures
    if given.get('tie_range'):
        raise NdcgError('tie_range: not for runs held in Dask (it orders each run\'s documents again)',
                        code='bad-input', source='options', key='tie_range')
    given['tie_range'] = False
    from ._impl.compare import Comparison
    return Comparison(_core.compare_results(fields, option_texts(given)))


def _check_judged(results, qrels, options):
    """As `ndcg compare`: every judged query must be in every run (or -c)."""
    if qrels is None or options.get('complete'):
        return
    judged = _frame(qrels, 'qrels')
    qid = _name(judged, _QID, 'qrels', 'query')
    wanted = set(judged[qid].astype(str).unique().compute().tolist())
    for i, r in enumerate(results):
        missing = sorted(wanted - set(r.qids))
        if missing:
            raise NdcgError('run %d has no documents for %d judged quer%s: %s (give complete=True to count them as 0)'
                            % (i + 1, len(missing), 'y' if len(missing) == 1 else 'ies', ', '.join(missing[:5])),
                            code='missing-query', source='run', index=i + 1, args={'found': missing[0]})
