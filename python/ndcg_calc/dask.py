"""Runs held in Dask, evaluated across a cluster and equal to one machine's
evaluation to the last bit.

    evaluate(run, qrels=None, measures=None, **options) -> ArrayEvaluation
    compare(runs, qrels, measures=None, **options) -> Comparison
    partials(run, qrels=None, measures=None, **options) -> [dask.delayed]

The rows of one query may sit in several partitions: each partition of the
run (and of the qrels) is cut by a hash of the query id, computed once per
distinct query, into one piece per partition to evaluate, the run's and the
qrels' m-th partitions in one task where the run's lies; what moves between
workers is those pieces as NumPy arrays of the three columns each side needs
(qid, docid, score; qid, docid, label), ids held as text going as int32
codes into each piece's distinct ids (numbered by the core, each str object
once), rows in their first order; qrels held on the client go out as such
tables. Each partition's pieces go to the core as its columns in its worker
(no text); the partitions' evaluations are merged on the client by
ndcg_calc.merge (the rule of `ndcg trec --merge`). The columns are named by
the core's one table of names, as a CSV header is read.
Dask is imported here, not by `import ndcg_calc`."""
import uuid

from . import _core
from ._impl.arrays import ArrayEvaluation
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


_QRELS_PARTS = 16  # at most: each is cut into a piece per partition of the run


def _roles(frame, use, source):
    """The columns of a frame that give each field, by the core's one table of
    names and its rules for a run, qrels or both (as a CSV header is read):
    {'query': column, 'doc': ..., 'score', 'rank', 'rel', 'tag'}, None where
    there is none."""
    named = {str(c): c for c in frame.columns}
    roles = _core.column_roles(list(named), use)
    return {role: None if name is None else named[name] for role, name in roles.items()}


def _given(value, source):
    """A Dask or pandas frame as it is, a {qid: {docid: grade}} dict as a pandas frame."""
    if isinstance(value, dict):
        rows = [(str(q), str(d), g) for q, docs in value.items() for d, g in docs.items()]
        value = pd.DataFrame(rows, columns=['qid', 'docid', 'label'])
    if isinstance(value, (dd.DataFrame, pd.DataFrame)):
        return value
    raise NdcgError('%s: expected a Dask or pandas DataFrame or a dict {qid: {docid: grade}}, got %s'
                    % (source, type(value).__name__), code='bad-type', source=source,
                    args={'expected': 'a DataFrame or a dict'})


def _frame(value, source):
    """A Dask DataFrame of a Dask or pandas frame, or of a {qid: {docid: grade}} dict."""
    value = _given(value, source)
    if isinstance(value, pd.DataFrame):  # named, not hashed: hashing every row costs as much as cutting them
        return dd.from_pandas(value, npartitions=1, sort=False, name='ndcg-frame-%s' % uuid.uuid4().hex)
    return value


def _tables(frame, names, parts):
    """A pandas frame held here as `parts` tables of the columns named (rows
    in order), as the graph carries them to the workers: [(name, values,
    distinct)], each column of ids as int32 codes into its table's distinct
    ids, numbered here by the core (about 10 ns a row; a str pickled a row
    costs several times that, and its unpickling as much again)."""
    import numpy as np
    columns = _columns(frame, names)
    bounds = np.linspace(0, len(frame), parts + 1).astype(np.int64)
    tables = []
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        table = [(name, values[lo:hi]) for name, values in columns]
        coded = _coded(table)
        tables.append([(name, *coded[i]) if i in coded else (name, values, None) for i, (name, values) in enumerate(table)])
    token = uuid.uuid4().hex  # named, not hashed
    return [dask.delayed(t, name='ndcg-table-%s-%d' % (token, i)) for i, t in enumerate(tables)]


def _table(part, names):
    """A partition as [(name, values)] and {place: (codes, uniques)} of its
    columns of ids: a frame's numbered here, a table of _tables as it came."""
    if isinstance(part, list):
        return [(name, values) for name, values, _ in part], {i: c[1:] for i, c in enumerate(part) if c[2] is not None}
    columns = _columns(part, names)
    return columns, _coded(columns)


def _columns(part, names):
    """A partition's columns the evaluation needs, as the core takes them: [(name, array)]."""
    if part.columns.is_unique:
        return frame_columns(part, coded=False, names=names)
    return frame_columns(part[list(names)], coded=False)  # each of a repeated name, for the core to name


def _id_texts(ids):
    """Each id of an array (objects, float64 or int64) as the core reads a
    cell of it, by the core's own rule: "" for an empty cell (None, NaN, "")."""
    import numpy as np
    if ids.dtype == object:
        codes, _, texts = _core.id_codes(ids)
        return np.array(texts, dtype=object)[codes]
    return np.array(_core.number_texts(ids), dtype=object)


def _codes(values):
    """Each row's query as a code into the distinct queries: (codes,
    uniques). An object column is numbered by the core, each cell known by
    its object first and then by its text, as its column reader knows them
    (a str per distinct id is read once; None and NaN are one empty id, which
    the core names where it lands); numbers by pd.factorize."""
    if values.dtype == object:
        codes, first, _ = _core.id_codes(values)
        return codes, values[first]
    return pd.factorize(values, use_na_sentinel=False)


def _buckets(codes, uniques, parts):
    """Each row's partition by its query (`codes` into `uniques`): a hash of
    the query id as text (an int qid in the run and a str in the qrels go
    together), once per distinct query."""
    import numpy as np
    texts = _id_texts(uniques)
    small = np.int16 if parts < 2 ** 15 else np.int64  # (int16 sorts by radix)
    buckets = (pd.util.hash_array(texts) % np.uint64(parts)).astype(small)
    buckets[texts == ''] = 0  # piece 0, as the qrels' missing ids: the core names them there
    return buckets[codes]


def _coded(columns):
    """{place: (codes, uniques)} of the columns of objects (ids), as _codes gives them."""
    return {i: _codes(values) for i, (_, values) in enumerate(columns) if values.dtype == object}


def _held(codes, uniques, at):
    """The rows `at` of a column held as `codes` into `uniques`: int32 codes
    into the piece's own distinct values (numbered in code order), and those."""
    import numpy as np
    held = np.zeros(len(uniques), dtype=bool)
    picked = codes[at]
    held[picked] = True
    return (np.cumsum(held, dtype=np.int32) - 1)[picked], uniques[held]


def _cut(columns, buckets, parts, coded, rows=None):
    """[(name, array)] cut into `parts` pieces by each row's bucket, each
    piece's rows in their first order, as [(name, values, distinct)]: what
    moves between workers is these arrays, float64 or int64 columns as they
    are (distinct None) and the columns of ids in `coded` ({place: (codes,
    uniques)}) as int32 codes into each piece's own distinct ids, so a str
    travels once a piece, not once a row. `rows`: the rows that `buckets`
    and the codes are for, when not all (each array is read once)."""
    import numpy as np
    order = np.argsort(buckets, kind='stable')
    bounds = np.append(0, np.cumsum(np.bincount(buckets, minlength=parts)))  # (searchsorted: a pass per bound)
    out = []
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        at = order[lo:hi]
        pick = at if rows is None else rows[at]
        out.append([(name, *_held(*coded[i], at)) if i in coded else (name, values[pick], None)
                    for i, (name, values) in enumerate(columns)])
    return tuple(out)


def _pieces(part, names, parts):
    """One partition's rows cut by query into `parts` pieces (the shuffle's map)."""
    columns, coded = _table(part, names)
    codes, uniques = coded[0] if 0 in coded else _codes(columns[0][1])
    return _cut(columns, _buckets(codes, uniques, parts), parts, coded)


def _stacked(held):
    """One column of several pieces, (values, distinct) each, as one array of
    its cells: codes turned back into ids in one gather."""
    import numpy as np
    if any(distinct is None for _, distinct in held):  # ids held as numbers in some partition
        return np.concatenate([v if d is None else d[v] for v, d in held])
    codes, distinct = _stacked_codes(held)
    return distinct[codes]


def _stacked_codes(held):
    """The same, ids held as codes in every piece, as (int32 codes, distinct):
    each piece's codes moved past the distinct ids of the pieces before it."""
    import numpy as np
    offsets = np.cumsum([0] + [len(d) for _, d in held[:-1]])
    codes = np.concatenate([v + at for (v, _), at in zip(held, offsets)]).astype(np.int32)
    return codes, np.concatenate([d for _, d in held])


def _joined(pieces, coded=True):
    """The pieces of one partition as one table, rows in the partitions'
    order: [(name, array)], or (coded) a column of ids held as codes in every
    piece as (name, codes, distinct), as the core takes a categorical (no
    gather of a str per row)."""
    filled = [p for p in pieces if len(p[0][1])] or pieces[:1]
    out = []
    for i, (name, _, _) in enumerate(filled[0]):
        held = [p[i][1:] for p in filled]
        if coded and all(d is not None for _, d in held):
            out.append((name, *_stacked_codes(held)))
        else:
            out.append((name, _stacked(held)))
    return out


def _cells(column):
    """A column of _joined's as an array of its cells."""
    return column[1] if len(column) == 2 else column[2][column[1]]


def _rows(columns):
    return len(columns[0][1])


def _evaluate_docs(run, qrels, texts, complete, threads):
    """One partition of a run of documents against the qrels of its queries,
    both tables of columns handed to the core (each partition a shard)."""
    if _rows(qrels) == 0:
        return None  # no judged query here
    if _rows(run) == 0:
        if not complete:
            return None
        # trec_eval's -c: the judged queries the run lacks, evaluated with nothing ranked
        judged = {}
        qids, docs = (_id_texts(_cells(column)) for column in qrels[:2])
        for q, d, g in zip(qids, docs, _cells(qrels[2]).tolist()):
            judged.setdefault(q, {})[d] = g
        return _core.evaluate_dicts(judged, {q: {} for q in judged}, texts, threads)
    reply = _core.evaluate_columns(qrels, run, b'', 'DataFrame', texts, threads, columns=True)
    return fields_of(ArrayEvaluation(reply, {}))  # the values as one list per measure, as merge() reads them


def _joined_of(cut, k, coded=True):
    """The k-th frame's pieces of a partition (as _shuffled gives them) as one table."""
    return _joined([pieces[k] for pieces in cut if pieces[k] is not None], coded)


def _evaluate_shuffled(cut, texts, complete, threads):
    return _evaluate_docs(_joined_of(cut, 0), _joined_of(cut, 1), texts, complete, threads)


def _evaluate_labels(columns, texts, threads):
    """One partition of a run of labels (LTR): each query's rows in their first order."""
    if _rows(columns) == 0:
        return None
    (qid, qids), (_, labels), (_, scores) = columns
    order = pd.Series(qids).sort_values(kind='stable').index.to_numpy()
    from ._impl.arrays import _boundaries
    sizes, names = _boundaries(qids[order], len(order))
    import numpy as np
    return _core.evaluate_arrays(np.ascontiguousarray(labels[order]), np.ascontiguousarray(scores[order]), sizes,
                                 names, texts, threads)


def _texts(measures, options):
    given = dict(options)
    given['measures'] = [measures] if isinstance(measures, str) else measures
    return option_texts(given)


def _qids(part, name):
    """A run partition's distinct queries, as text: an array (Dask sends a list item by item, 20 µs each)."""
    return _id_texts(_codes(_columns(part, (name,))[0][1])[1])


def _owners(qids):
    """Each query's run partitions, as (qid, partition) rows: a query two
    partitions hold gets its qrels in both, and merge() then names it."""
    import numpy as np
    names = [q for found in qids for q in found]
    return pd.DataFrame({'qid': pd.Series(names, dtype=object),
                         'part': np.repeat(np.arange(len(qids)), [len(found) for found in qids])})


def _owned(codes, pairs):
    """Each row once per partition that holds its query: (rows, partitions),
    of rows whose query has code `codes` and (code, partition) `pairs`."""
    import numpy as np
    pairs = pairs.sort_values('code', kind='stable')
    count = np.bincount(pairs['code'].to_numpy(), minlength=int(codes.max()) + 1 if len(codes) else 0)
    first = np.cumsum(count) - count
    per_row = count[codes]
    rows = np.repeat(np.arange(len(codes)), per_row)
    within = np.arange(len(rows)) - np.repeat(np.cumsum(per_row) - per_row, per_row)
    return rows, pairs['part'].to_numpy()[first[codes[rows]] + within]


def _split(qrels_part, names, qids, parts):
    """A qrels partition cut into the pieces each run partition needs (its
    queries' rows only), by `qids`: each run partition's distinct queries."""
    import numpy as np
    columns, coded = _table(qrels_part, names)
    codes, uniques = coded[0] if 0 in coded else _codes(columns[0][1])
    distinct = pd.DataFrame({'qid': pd.Series(_id_texts(uniques), dtype=object),
                             'code': np.arange(len(uniques))})
    rows, buckets = _owned(codes, distinct.merge(_owners(qids), on='qid')[['code', 'part']])
    return _cut(columns, buckets, parts, {i: (c[rows], u) for i, (c, u) in coded.items()}, rows)


def _evaluate_grouped(run_part, qrels_pieces, names, texts, threads):
    return _evaluate_docs(_columns(run_part, names), _joined(qrels_pieces), texts, False, threads)


def _grouped(run, judged, names, texts, options, threads):
    """Partitions that hold whole queries: the run is not shuffled; each run
    partition is evaluated where it lies with the qrels of its own queries,
    cut out of each qrels partition where it lies (what moves is the
    queries' names and those pieces, never the whole qrels)."""
    if options.get('complete'):
        raise NdcgError('complete: not with grouped=True (a judged query the run lacks is in no partition); '
                        'leave grouped out', code='bad-input', source='options', key='complete')
    run_parts = run.to_delayed()
    qids = [dask.delayed(_qids, pure=True)(p, names[0][0]) for p in run_parts]
    split = dask.delayed(_split, pure=True)
    pieces = [split(q, names[1], qids, len(run_parts)) for q in judged]
    evaluate_one = dask.delayed(_evaluate_grouped, pure=True)
    return [evaluate_one(p, [_piece(piece, i) for piece in pieces], names[0], texts, threads)
            for i, p in enumerate(run_parts)]


def _piece(cut, i):
    """The i-th piece of a task's pieces, as a task whose key is its own
    group: Dask (2022.12) places a large group of tasks with few
    dependencies as roots, on any worker, and a piece taken elsewhere moves
    all its partition's pieces with it."""
    import operator
    return dask.delayed(operator.getitem, pure=True)(cut, i, dask_key_name=('ndcg-piece-%s-%d' % (cut.key, i), 0))


def _pieces_of(parts, *cut):
    """Partitions of several frames (part, names, part, names, ...; part None
    for a frame with fewer partitions) cut in one task: for each piece i,
    the frames' i-th pieces side by side (None where a frame has no part)."""
    cuts = [None if part is None else _pieces(part, names, parts) for part, names in zip(cut[::2], cut[1::2])]
    return tuple(tuple(None if c is None else c[i] for c in cuts) for i in range(parts))


def _shuffled(frames, parts):
    """The frames [(partitions, names)] with their partitions cut by query
    into `parts` pieces each: for each piece i, [the frames' pieces of
    partition 0 for i, side by side, of partition 1, ...] (as _pieces_of
    gives them). The m-th partitions of all the frames are cut in one task,
    which runs where the first frame's lies: the cutting is shared out as
    the run is, and a piece of each such task goes to each partition."""
    out = [[] for _ in range(parts)]
    for m in range(max(len(held) for held, _ in frames)):
        cut = dask.delayed(_pieces_of, pure=True)(
            parts, *[x for held, names in frames for x in (held[m] if m < len(held) else None, names)])
        for i in range(parts):
            out[i].append(_piece(cut, i))
    return out


def _labels(run, parts, grouped, texts, threads):
    """A run of labels and scores (no document column), as XGBoost and LightGBM hold them."""
    roles = _roles(run, 'both', 'run')
    if roles['score'] is None:
        raise NdcgError('run: a run of labels needs a score column', code='no-grade-column', source='run')
    names = (roles['query'], roles['rel'], roles['score'])
    evaluate_one = dask.delayed(_evaluate_labels, pure=True)
    if grouped:
        columns = dask.delayed(_columns, pure=True)
        return [evaluate_one(columns(p, names), texts, threads) for p in run.to_delayed()]
    joined = dask.delayed(_joined_of, pure=True)
    return [evaluate_one(joined(cut, 0, False), texts, threads) for cut in _shuffled([(run.to_delayed(), names)], parts)]


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
    judged = _given(qrels, 'qrels')
    qrels_roles = _roles(judged, 'qrels', 'qrels')
    # Only the three columns each side needs travel.
    names = ((roles['query'], roles['doc'], roles['score'] if roles['score'] is not None else roles['rank']),
             (qrels_roles['query'], qrels_roles['doc'], qrels_roles['rel']))
    # qrels held here go as up to as many tables as the run has partitions, so that cutting them is shared out too
    judged = judged.to_delayed() if isinstance(judged, dd.DataFrame) else \
        _tables(judged, names[1], min(run.npartitions, _QRELS_PARTS))
    shards = _texts(measures, dict(options, shard=True))  # a partition may hold no judged query
    if grouped:
        return _grouped(run, judged, names, shards, options, threads)
    evaluate_one = dask.delayed(_evaluate_shuffled, pure=True)
    complete = bool(options.get('complete'))
    return [evaluate_one(cut, shards, complete, threads)
            for cut in _shuffled([(run.to_delayed(), names[0]), (judged, names[1])], parts)]


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
      read from files split by query): no shuffle; each partition is
      evaluated where it lies with its own queries' qrels. A query found in
      two partitions is then refused, named.
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
    judged = _given(qrels, 'qrels')
    qids = judged[_roles(judged, 'qrels', 'qrels')['query']]
    if isinstance(judged, pd.DataFrame):  # held here: listed here, not sent to a worker for it
        return list(dict.fromkeys(str(q) for q in pd.unique(qids)))
    return qids.astype(str).unique().compute().tolist()
