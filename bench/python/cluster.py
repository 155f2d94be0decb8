"""A run held in Dask on a LocalCluster against the same rows on one process.

    /usr/bin/python3 bench/python/cluster.py [--rows 1000000] [--queries ROWS/100] [--workers 2] [--parts 2,8]
                                              [--runs 3] [--steps]

(with the package importable: PYTHONPATH=python after `python3 setup.py
build_ext --inplace`, or the venv scripts/test-python makes). Generates a
run of ROWS rows over QUERIES queries (scores with ties) and qrels judging
30% of its documents, then times, in one process, paired (each round runs
every row below once, in this order; medians of RUNS rounds):
  one process       ndcg_calc.evaluate(qrels, run) on the pandas frames,
                    with its default threads, and with threads=1; and
                    with qid and docid as categoricals (converted untimed)
  arrays            the same rows as NumPy arrays (each row's grade,
                    its score, the group sizes: evaluate(labels, scores,
                    group=sizes)), the arrays path's time for this data
  dask, P parts     ndcg_calc.dask.evaluate on a LocalCluster of WORKERS
                    processes of one thread, the run cut into P partitions
                    in a random row order (every query split: shuffled by
                    query), for each P
  grouped, P parts  the same with partitions of whole queries
                    (grouped=True: no shuffle)
Each time is printed with the CPU seconds of every process it used (this
one, which holds the scheduler, and the workers) and with its ratio to
each one-process time. Every per-query value and mean of each Dask result
is checked against the one-process result, bit for bit (the arrays' query
count and num_rel only: their documents are named by position, so equal
scores may be ordered otherwise). The rows are moved into the workers'
memory first (scattered), untimed, as a run held in a cluster would be.
--steps: each Dask row once more under Dask's own record of its tasks (its
task stream), printed per kind of task: how many, the seconds computing
and the seconds fetching their inputs from other workers (summed over the
workers), and the seconds from the call to the first task and from the
last task to the merged result."""
import argparse
import resource
import statistics
import time

import numpy as np
import pandas as pd

import ndcg_calc

MEASURES = ['ndcg_cut.10', 'map', 'P.10', 'num_rel']


def generated(rows, queries, seed=2):
    """The run and its qrels; the ids are made once per distinct id (the rows hold the same str objects)."""
    rng = np.random.default_rng(seed)
    docs = 10 * rows // queries
    q = rng.integers(0, queries, rows)
    d = rng.integers(0, docs, rows)
    score = rng.integers(0, 200, rows) / 16
    first = ~pd.Series(q * docs + d).duplicated().to_numpy()  # a (qid, docid) pair once
    qid = np.char.add('q', np.arange(queries).astype(str)).astype(object)
    docid = np.char.add('d', np.arange(docs).astype(str)).astype(object)
    run = pd.DataFrame({'qid': qid[q[first]], 'docid': docid[d[first]], 'score': score[first]})
    qrels = run.sample(frac=0.3, random_state=seed)[['qid', 'docid']].reset_index(drop=True)
    qrels['label'] = rng.integers(0, 4, len(qrels))
    return run, qrels


def as_arrays(run, qrels):
    """The run as the arrays path takes it: each row's grade (0 unjudged) and score, queries' rows together."""
    rows = run.sort_values('qid', kind='stable')
    grades = rows.merge(qrels, on=['qid', 'docid'], how='left')['label'].fillna(0).to_numpy(dtype=np.int32)
    sizes = rows.groupby('qid', sort=True).size().to_numpy(dtype=np.int64)
    return grades, rows['score'].to_numpy(), sizes


def cut(frame, parts, whole_queries):
    """The frame in `parts` pieces of about equal rows: at random, or at query boundaries."""
    if not whole_queries:
        frame = frame.sample(frac=1, random_state=1).reset_index(drop=True)
        return np.array_split(frame, parts)
    frame = frame.sort_values('qid', kind='stable').reset_index(drop=True)
    starts = np.flatnonzero(frame['qid'].to_numpy()[1:] != frame['qid'].to_numpy()[:-1]) + 1
    bounds = np.unique(starts[np.searchsorted(starts, np.linspace(0, len(frame), parts + 1)[1:-1])])
    return np.split(frame, bounds)


def held(client, frame, parts, whole_queries):
    """A Dask frame of the pieces, scattered to the workers (not timed)."""
    import dask.dataframe as dd
    pieces = cut(frame, parts, whole_queries)
    futures = client.scatter(pieces)
    return dd.from_delayed(futures, meta=frame.iloc[:0])


def worker_cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def timed(client, work):
    """(wall, CPU of this process and the workers, result) of one call."""
    workers = client.run(worker_cpu) if client else {}
    cpu, started = time.process_time(), time.perf_counter()
    result = work()
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    if client:
        cpu += sum(client.run(worker_cpu).values()) - sum(workers.values())
    return wall, cpu, result


def identical(a, b):
    assert list(a) == list(b)
    for q in b:
        assert a[q] == b[q], q
    for m, v in b.mean.items():
        if m != 'runid':
            assert a.mean[m] == v, m


def same_queries(a, b):
    assert a.num_q == b.num_q and a.mean['num_rel'] == b.mean['num_rel']


def rounds(client, run, qrels, args):
    """Every configuration once per round; {name: [(wall, cpu), ...]}."""
    import ndcg_calc.dask as ndask
    grades, scores, sizes = as_arrays(run, qrels)
    whole = ndcg_calc.evaluate(qrels, run, MEASURES)
    coded = {'qid': 'category', 'docid': 'category'}
    coded_run, coded_qrels = run.astype(coded), qrels.astype(coded)
    configs = [('one process, default threads', None, lambda: ndcg_calc.evaluate(qrels, run, MEASURES), identical),
               ('one process, threads=1', None, lambda: ndcg_calc.evaluate(qrels, run, MEASURES, threads=1),
                identical),
               ('one process, categorical ids', None, lambda: ndcg_calc.evaluate(coded_qrels, coded_run, MEASURES),
                identical),
               ('arrays, default threads', None, lambda: ndcg_calc.evaluate(grades, scores, MEASURES, group=sizes),
                same_queries)]
    for grouped in (False, True):
        for parts in args.parts:
            frame = held(client, run, parts, grouped)
            name = 'dask, %d parts, %s' % (parts, 'grouped' if grouped else 'shuffled')
            configs.append((name, client, lambda f=frame, g=grouped: ndask.evaluate(f, qrels, MEASURES, grouped=g),
                            identical))
    times = {name: [] for name, *_ in configs}
    for _ in range(args.runs):
        for name, on, work, check in configs:
            wall, cpu, result = timed(on, work)
            check(result, whole)
            times[name].append((wall, cpu))
    for name, on, work, _ in configs:
        if args.steps and on:
            steps(on, name, work)
    return times


def steps(client, name, work):
    """One call's tasks as Dask records them, per kind of task (see --steps)."""
    import distributed
    from dask.utils import key_split
    with distributed.get_task_stream(client) as stream:
        called = time.time()
        work()
        returned = time.time()
    kinds, starts, stops = {}, [], []
    for task in stream.data:
        kind = kinds.setdefault(key_split(task['key']), [0, 0.0, 0.0])
        kind[0] += 1
        for part in task['startstops']:
            kind[1 if part['action'] == 'compute' else 2] += part['stop'] - part['start']
            starts.append(part['start'])
            stops.append(part['stop'])
    print('%s: the call to the first task %.3f s, the last task to the result %.3f s'
          % (name, min(starts) - called, returned - max(stops)))
    for kind, (count, computing, fetching) in kinds.items():
        print('  %-24s %3d tasks  computing %6.3f s  fetching inputs %6.3f s' % (kind, count, computing, fetching))


def report(times):
    medians = {n: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t)) for n, t in times.items()}
    default, single = medians['one process, default threads'][0], medians['one process, threads=1'][0]
    print('%-32s %8s %8s %14s %14s' % ('', 'wall s', 'CPU s', 'vs default', 'vs threads=1'))
    for name, (wall, cpu) in medians.items():
        print('%-32s %8.3f %8.3f %13.2fx %13.2fx' % (name, wall, cpu, default / wall, single / wall))
    arrays = medians['arrays, default threads'][0]
    print('one process / arrays path: default threads %.2fx, threads=1 %.2fx (the arrays\' time: %.3f s)'
          % (default / arrays, single / arrays, arrays))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--rows', type=int, default=1_000_000)
    parser.add_argument('--queries', type=int, default=0, help='default: rows / 100')
    parser.add_argument('--workers', type=int, default=2)
    parser.add_argument('--parts', default='2,8', help='partition counts, e.g. 2,8')
    parser.add_argument('--runs', type=int, default=3, help='rounds; each time is the median')
    parser.add_argument('--steps', action='store_true', help="each Dask row's tasks, as Dask records them")
    args = parser.parse_args()
    args.parts = [int(p) for p in args.parts.split(',')]
    import distributed

    run, qrels = generated(args.rows, args.queries or args.rows // 100)
    print('%d rows, %d queries, %d judgments; %d rounds, medians; CPU: every process used'
          % (len(run), run['qid'].nunique(), len(qrels), args.runs))
    cluster = distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    with distributed.Client(cluster) as client:
        times = rounds(client, run, qrels, args)
    cluster.close()
    report(times)


if __name__ == '__main__':
    main()
