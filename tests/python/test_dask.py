"""ndcg_calc.dask on a real cluster (distributed.LocalCluster, 2 worker
processes, started and stopped here): runs whose queries are split over
partitions give what one evaluate() gives, per query and in the means, to
the last bit, and what trec_eval printed for the parity data; compare()
gives compare()'s tests; a worker killed mid-run is retried and changes
nothing. `import ndcg_calc` does not import Dask."""
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pandas as pd
import pytest

import ndcg_calc
from conftest import PARITY, QRELS, ROOT, RUN
from test_merge import assert_identical

dd = pytest.importorskip('dask.dataframe')
distributed = pytest.importorskip('distributed')
import dask  # noqa: E402
import ndcg_calc.dask as ndask  # noqa: E402

MEASURES = ['all_trec', 'ndcg_cut.10', 'relstring.5']
# distributed 2022.12 on Debian's tornado: a deprecation inside their event loop start, not ours.
pytestmark = pytest.mark.filterwarnings('ignore:make_current is deprecated:DeprecationWarning')


@pytest.fixture(scope='module')
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                       silence_logs=40)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def _read(path, names):
    return pd.read_csv(path, sep=r'\s+', header=None, names=names, dtype=str, quoting=3, na_filter=False)


def _parity():
    run = _read(RUN, ['qid', 'q0', 'docid', 'rank', 'score', 'tag'])
    run['score'] = run['score'].astype(float)
    qrels = _read(QRELS, ['qid', 'iter', 'docid', 'label'])
    qrels['label'] = qrels['label'].astype(int)
    return run, qrels


def _scattered(frame, partitions, seed=1):
    """The rows in a random order cut into partitions: every query split over several."""
    mixed = frame.sample(frac=1, random_state=seed).reset_index(drop=True)
    return dd.from_pandas(mixed, npartitions=partitions, sort=False)


def _generated(rows, queries, seed=2):
    """A run of `rows` rows over `queries` queries (ties among scores) and its qrels."""
    rng = np.random.default_rng(seed)
    qid = np.array(['q%05d' % i for i in rng.integers(0, queries, rows)])
    docid = np.char.add('d', rng.integers(0, 1000, rows).astype(str))
    run = pd.DataFrame({'qid': qid, 'docid': docid, 'score': rng.integers(0, 50, rows) / 8})
    run = run.drop_duplicates(['qid', 'docid']).reset_index(drop=True)
    judged = run.sample(frac=0.3, random_state=seed)[['qid', 'docid']]
    extra = pd.DataFrame({'qid': judged['qid'].values, 'docid': np.char.add('x', judged['docid'].values.astype(str))})
    qrels = pd.concat([judged, extra[:1000]]).reset_index(drop=True)
    qrels['label'] = rng.integers(0, 4, len(qrels))
    return run, qrels


def test_the_parity_run_split_over_partitions_equals_one_evaluate_and_trec_eval(client):
    run, qrels = _parity()
    whole = ndcg_calc.evaluate(QRELS, RUN, MEASURES)
    merged = ndask.evaluate(_scattered(run, 5), qrels, MEASURES)
    assert_identical(merged, whole)
    # trec_eval 10.0's own output for -q -m all_trec, line by line (its runid aside)
    printed = ndask.evaluate(_scattered(run, 3), qrels, 'all_trec', per_query=True).text.splitlines()
    expected = (PARITY / 'set1.all_trec_q.txt').read_text().splitlines()
    assert [l for l in printed if not l.startswith('runid')] == [l for l in expected if not l.startswith('runid')]


def test_a_generated_run_of_100k_rows_equals_one_evaluate(client):
    run, qrels = _generated(100_000, 2_000)
    started = time.perf_counter()
    merged = ndask.evaluate(_scattered(run, 8), qrels, ['ndcg_cut.10', 'map', 'P.10', 'num_rel', 'gm_map'])
    took = time.perf_counter() - started
    whole = ndcg_calc.evaluate(qrels, run, ['ndcg_cut.10', 'map', 'P.10', 'num_rel', 'gm_map'])
    assert_identical(merged, whole)
    assert merged.num_q == whole.num_q > 1900
    print('dask.evaluate of %d rows on 2 workers: %.2f s' % (len(run), took))


def test_qrels_as_a_dask_frame_or_a_dict_and_complete(client):
    run, qrels = _generated(20_000, 400, seed=4)
    run = run[run['qid'] < 'q00300']  # judged queries the run lacks
    whole = ndcg_calc.evaluate(qrels, run, ['ndcg', 'num_rel'], complete=True)
    merged = ndask.evaluate(_scattered(run, 4), _scattered(qrels, 3), ['ndcg', 'num_rel'], complete=True)
    assert_identical(merged, whole)
    as_dict = {}
    for q, d, g in qrels.itertuples(index=False):
        as_dict.setdefault(q, {})[d] = int(g)
    assert_identical(ndask.evaluate(_scattered(run, 4), as_dict, ['ndcg', 'num_rel']),
                     ndcg_calc.evaluate(qrels, run, ['ndcg', 'num_rel']))


def test_number_qids_float_in_the_run_and_int_in_the_qrels_meet_in_one_partition(client):
    run, qrels = _generated(20_000, 300, seed=5)
    run['qid'] = run['qid'].str[1:].astype(float)  # 7.0 as the core reads it: "7"
    qrels['qid'] = qrels['qid'].str[1:].astype(int)
    whole = ndcg_calc.evaluate(qrels, run, ['ndcg_cut.10', 'num_rel'], complete=True)
    assert whole.num_q == 300
    assert_identical(ndask.evaluate(_scattered(run, 4), _scattered(qrels, 3), ['ndcg_cut.10', 'num_rel'],
                                    complete=True), whole)
    assert_identical(ndask.evaluate(_by_files(run, 3), qrels, ['ndcg_cut.10', 'num_rel'], grouped=True), whole)


def test_labels_and_scores_split_over_partitions_equal_evaluate_with_qid(client):
    rng = np.random.default_rng(9)
    sizes = rng.integers(1, 60, 500)
    frame = pd.DataFrame({'qid': np.repeat(['%04d' % i for i in range(len(sizes))], sizes),
                          'label': rng.integers(0, 5, int(sizes.sum())),
                          'score': rng.integers(0, 10, int(sizes.sum())) / 3})
    whole = ndcg_calc.evaluate(frame['label'].to_numpy(), frame['score'].to_numpy(), MEASURES,
                               qid=frame['qid'].to_numpy())
    merged = ndask.evaluate(dd.from_pandas(frame, npartitions=7, sort=False), None, MEASURES, npartitions=3)
    assert_identical(merged, whole)


def test_compare_equals_compare_of_the_whole_runs(client):
    run, qrels = _parity()
    other = run.copy()
    other['score'] = other['score'] * -1 + (other.index % 7)
    kw = dict(trials=2000, seed=3)
    whole = ndcg_calc.compare(qrels, {'a': run, 'b': other}, ['ndcg_cut.10', 'map'], complete=True, **kw)
    split = ndask.compare({'a': _scattered(run, 4), 'b': _scattered(other, 3)}, qrels, ['ndcg_cut.10', 'map'],
                          complete=True, **kw)
    assert split['comparisons'] == whole['comparisons']
    assert split['per_query'] == whole['per_query']
    assert split['qids'] == whole['qids']


def test_compare_refuses_a_run_without_a_judged_query(client):
    run, qrels = _parity()
    short = run[run['qid'] != '481']
    with pytest.raises(ndcg_calc.NdcgError, match='run 2 has no documents for 1 judged query: 481'):
        ndask.compare([_scattered(run, 2), _scattered(short, 2)], qrels, 'map')


def _slow(frame):
    time.sleep(0.4)
    return frame


def _missing(dask_worker):
    return sum(ts.state == 'missing' for ts in dask_worker.state.tasks.values())


def _wait_unless_stalled(client, futures, timeout=120):
    """Waits for the futures. distributed 2022.12 (Debian's) can stall after a
    worker is killed: tasks wait for data it lost, in state 'missing', and
    are never run again. That is skipped, naming it, after the cluster is
    restarted for the tests that follow; any other wait that long fails."""
    try:
        distributed.wait(futures, timeout=timeout)
    except TimeoutError:
        missing = sum(client.run(_missing).values())
        client.restart()
        if missing:
            pytest.skip('distributed %s stalled after the kill: %d task(s) wait for data the killed worker held'
                        % (distributed.__version__, missing))
        raise


def test_a_worker_killed_mid_run_is_retried_and_the_result_is_the_same(client):
    run, qrels = _generated(30_000, 600, seed=6)
    whole = ndcg_calc.evaluate(qrels, run, ['ndcg_cut.10', 'map'])
    slow = _scattered(run, 8).map_partitions(_slow)
    parts = ndask.partials(slow, qrels, ['ndcg_cut.10', 'map'])
    futures = client.compute(parts)
    deadline = time.time() + 30
    while not any(client.processing().values()) and time.time() < deadline:
        time.sleep(0.05)
    assert not all(f.done() for f in futures)
    pids = client.run(os.getpid)
    killed = next(iter(pids.values()))
    os.kill(killed, signal.SIGKILL)
    _wait_unless_stalled(client, futures)
    merged = ndcg_calc.merge([p for p in client.gather(futures) if p is not None])
    assert_identical(merged, whole)
    client.wait_for_workers(2, timeout=30)
    assert killed not in client.run(os.getpid).values()  # the process was gone: its tasks ran elsewhere


def test_import_ndcg_calc_does_not_import_dask():
    code = 'import sys, ndcg_calc; assert "dask" not in sys.modules, sorted(m for m in sys.modules if "dask" in m)'
    subprocess.run([sys.executable, '-c', code], check=True, env=dict(os.environ))


def test_the_docs_example_runs(client, tmp_path, monkeypatch, capsys):
    readme = (ROOT / 'docs' / 'python.md').read_text()
    start = readme.index('```python\nimport dask.dataframe as dd')
    block = readme[readme.index('\n', start) + 1:readme.index('```\n', start + 10)]
    block = '\n'.join(l for l in block.splitlines() if not l.startswith('client = '))  # the suite's cluster
    for folder, rows in (('base', ['q1\td1\t3', 'q2\td3\t1', 'q1\td7\t2', 'q2\td4\t2']),
                         ('new', ['q1\td7\t3', 'q1\td1\t2', 'q2\td3\t2', 'q2\td4\t1'])):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / '1.tsv').write_text('\n'.join(rows[:2]) + '\n')
        (tmp_path / folder / '2.tsv').write_text('\n'.join(rows[2:]) + '\n')
    monkeypatch.chdir(tmp_path)
    exec(compile(block, 'docs/python.md', 'exec'), {})
    printed = capsys.readouterr().out.split()
    assert float(printed[1]) == 1.0  # q1: d1 (2) above d7 (1)
    assert len(printed) == 3


def _by_files(frame, partitions):
    """Partitions of whole queries, as files split by query would be read."""
    return dd.from_pandas(frame.set_index('qid'), npartitions=partitions, sort=True).reset_index()


def test_partitions_of_whole_queries_need_no_shuffle_and_a_split_query_is_refused(client):
    run, qrels = _generated(30_000, 500, seed=8)
    whole = ndcg_calc.evaluate(qrels, run, ['ndcg_cut.10', 'map', 'gm_map'])
    merged = ndask.evaluate(_by_files(run, 6), _scattered(qrels, 2), ['ndcg_cut.10', 'map', 'gm_map'], grouped=True)
    assert_identical(merged, whole)
    with pytest.raises(ndcg_calc.NdcgError, match=r'quer(y is|ies are) in more than one part: "q\d+"'):
        ndask.evaluate(_scattered(run, 4), qrels, 'map', grouped=True)
    with pytest.raises(ndcg_calc.NdcgError, match='complete: not with grouped=True'):
        ndask.evaluate(_by_files(run, 2), qrels, 'map', grouped=True, complete=True)


def test_the_shuffle_moves_only_the_columns_evaluated_and_grouped_parts_get_only_their_qrels(monkeypatch):
    run, qrels = _generated(2_000, 50, seed=11)
    seen = []

    def recorded(run_part, qrels_part, *args):
        seen.append(([c[0] for c in run_part], [c[0] for c in qrels_part], {c[-1].dtype.kind for c in run_part}))
        return real(run_part, qrels_part, *args)
    real = ndask._evaluate_docs
    monkeypatch.setattr(ndask, '_evaluate_docs', recorded)
    wide = run.assign(note='x', rank=1)
    parts = ndask.partials(_scattered(wide, 3), qrels.assign(iter=0), ['ndcg'])
    merged = ndcg_calc.merge([p for p in dask.compute(*parts, scheduler='sync') if p is not None])
    assert_identical(merged, ndcg_calc.evaluate(qrels, run, ['ndcg']))
    # NumPy arrays of the three columns each side needs, nothing else: the run's ids as they lie in
    # their partition (objects), the qrels' pieces as codes into their distinct ids
    assert seen and all(s == (['qid', 'docid', 'score'], ['qid', 'docid', 'label'], {'O', 'f'}) for s in seen)
    assert all(len(c) == 3 and c[1].dtype == np.int32 for c in ndask._joined(ndask._pieces(qrels, ('qid', 'docid', 'label'),
                                                                                          2))[:2])
    # each query's rows in one piece, the same for the run and the qrels
    coded = ndask._pieces(run, ('qid', 'docid', 'score'), 4)
    # qids and docids as int32 codes into each piece's own distinct ids, scores as they are
    assert all(qid[1].dtype == doc[1].dtype == np.int32 and len(qid[2]) <= 50 and len(doc[2]) <= len(doc[1])
               and score[1].dtype == np.float64 and score[2] is None for qid, doc, score in coded)
    # qrels held here reach the graph as tables of codes into each table's own distinct ids, rows in order
    tables = dask.compute(*ndask._tables(qrels, ('qid', 'docid', 'label'), 3), scheduler='sync')
    assert all(t[0][1].dtype == t[1][1].dtype == np.int32 and t[2][2] is None for t in tables)
    assert list(np.concatenate([t[1][2][t[1][1]] for t in tables])) == list(qrels['docid'])
    run_pieces = [ndask._joined([p], coded=False) for p in coded]
    qrels_pieces = [ndask._joined([p], coded=False) for p in ndask._pieces(qrels, ('qid', 'docid', 'label'), 4)]
    for r, q in zip(run_pieces, qrels_pieces):
        assert set(q[0][1]) <= set(r[0][1])
    assert [set(p[0][1]) & set(o[0][1]) for p in run_pieces for o in run_pieces if p is not o] == [set()] * 12
    assert sum(len(p[0][1]) for p in run_pieces) == len(run)
    # grouped: each run partition gets the qrels of its own queries only
    halves = (run[run['qid'] < 'q00025'], run[run['qid'] >= 'q00025'])
    qids = [ndask._qids(p, 'qid') for p in halves]
    first, second = (ndask._joined([p], coded=False) for p in ndask._split(qrels, ('qid', 'docid', 'label'), qids, 2))
    assert set(first[0][1]) == set(qrels['qid'][qrels['qid'] < 'q00025'])
    assert set(second[0][1]) == set(qrels['qid'][qrels['qid'] >= 'q00025'])
    assert len(first[0][1]) + len(second[0][1]) == len(qrels)
    # a query two partitions hold gets its qrels in both (merge() then names it)
    both = [np.array(['q00001', 'q00002'], dtype=object), np.array(['q00002'], dtype=object)]
    first, second = (ndask._joined([p], coded=False) for p in ndask._split(qrels, ('qid', 'docid', 'label'), both, 2))
    assert set(first[0][1]) == {'q00001', 'q00002'} and set(second[0][1]) == {'q00002'}
    assert list(second[1][1]) == list(qrels['docid'][qrels['qid'] == 'q00002'])


def test_a_missing_qid_is_named_wherever_its_rows_are_cut():
    run, qrels = _generated(3_000, 60, seed=12)
    run.loc[[7, 900], 'qid'] = [np.nan, None]
    with pytest.raises(ndcg_calc.NdcgError, match='expected a query id .*got an empty field'):
        ndcg_calc.evaluate(qrels, run, 'map')
    # The rows of no id go to piece 0, as the qrels' do; were they cut by the hash of "nan", they would land
    # where no query is judged here and be dropped unread.
    bucket = lambda texts, parts: pd.util.hash_array(np.asarray(texts, dtype=object)) % np.uint64(parts)
    tried = 0
    for parts in (2, 3, 5, 7):
        if bucket(['nan'], parts)[0] == 0:
            continue
        judged = qrels[bucket(qrels['qid'], parts) == 0]
        with pytest.raises(ndcg_calc.NdcgError, match='expected a query id .*got an empty field'):
            dask.compute(*ndask.partials(_scattered(run, parts), judged, 'map'), scheduler='sync')
        tried += 1
    assert tried


def test_ids_are_cut_by_their_text_as_the_core_reads_it():
    # An object column holding 7.0 (a float) and "7.0" (a str): the core reads both as "7.0", one query,
    # so its rows go to one piece. (Cut by a rule of their own, 7.0 went with "7", and the query split.)
    run, qrels = _generated(4_000, 80, seed=13)
    number = qrels['qid'].str[1:].astype(int).astype(float)
    qrels = qrels.assign(qid=['%.1f' % v for v in number])
    run_number = run['qid'].str[1:].astype(int).astype(float)
    run = run.assign(qid=pd.Series([v if i % 2 else '%.1f' % v for i, v in enumerate(run_number)], dtype=object))
    whole = ndcg_calc.evaluate(qrels, run, ['map', 'num_q'])
    assert whole.num_q == 80 and '7.0' in whole
    for parts in (2, 3, 5):
        cut = ndask.partials(_scattered(run, parts), qrels, ['map', 'num_q'])
        assert_identical(ndcg_calc.merge([p for p in dask.compute(*cut, scheduler='sync') if p is not None]), whole)
    assert list(ndask._id_texts(np.array([7.0, '7.0', None, float('nan'), '', 3], dtype=object))) == \
        ['7.0', '7.0', '', '', '', '3']
    assert list(ndask._id_texts(np.array([7.0, float('nan'), -0.0, 1e22]))) == ['7', '', '-0', '1e+22']


def test_pandas_na_in_a_string_column_is_read_as_one_evaluate_reads_it():
    run = pd.DataFrame({'qid': pd.array(['q1', 'q1', pd.NA, 'q2'], dtype='string'), 'docid': ['d1', 'd2', 'd1', 'd3'],
                        'score': [0.5, 0.4, 0.3, 0.2]})
    qrels = pd.DataFrame({'qid': ['q1', 'q2'], 'docid': ['d1', 'd3'], 'label': [1, 2]})
    whole = ndcg_calc.evaluate(qrels, run, ['map', 'num_q'])
    for grouped in (False, True):
        parts = ndask.partials(dd.from_pandas(run, npartitions=2, sort=False), qrels, ['map', 'num_q'], grouped=grouped)
        assert_identical(ndcg_calc.merge([p for p in dask.compute(*parts, scheduler='sync') if p is not None]), whole)
