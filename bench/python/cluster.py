"""A run held in Dask on a LocalCluster against the same rows on one process.

    /usr/bin/python3 bench/python/cluster.py [--rows 1000000] [--queries 10000] [--workers 2] [--parts 2,8,32]

(with the package importable: PYTHONPATH=python after `python3 setup.py
build_ext --inplace`, or the venv scripts/test-python makes). Generates a
run of ROWS rows over QUERIES queries (scores with ties) and qrels judging
30% of its documents, then times, in one process:
  one process    ndcg_calc.evaluate(qrels, run) on the pandas frames
  dask, P parts  ndcg_calc.dask.evaluate on a LocalCluster of WORKERS
                 processes, the run cut into P partitions in a random row
                 order (every query split: shuffled by query), P = 2, 8, 32
  grouped        the same with partitions of whole queries (grouped=True:
                 no shuffle, the qrels sent to each worker whole)
and checks every per-query value and mean of each against the one-process
result, bit for bit. The rows are moved into the workers' memory first
(persist), untimed, as a run held in a cluster would be. The overhead per partition is the slope of the time
over P."""
import argparse
import time

import numpy as np
import pandas as pd

import ndcg_calc

MEASURES = ['ndcg_cut.10', 'map', 'P.10', 'num_rel']


def generated(rows, queries, seed=2):
    rng = np.random.default_rng(seed)
    qid = np.char.add('q', rng.integers(0, queries, rows).astype(str))
    docid = np.char.add('d', rng.integers(0, 10 * rows // queries, rows).astype(str))
    run = pd.DataFrame({'qid': qid, 'docid': docid, 'score': rng.integers(0, 200, rows) / 16})
    run = run.drop_duplicates(['qid', 'docid']).reset_index(drop=True)
    qrels = run.sample(frac=0.3, random_state=seed)[['qid', 'docid']].reset_index(drop=True)
    qrels['label'] = rng.integers(0, 4, len(qrels))
    return run, qrels


def loaded(frame):
    """The frame held by the workers (moving the rows there is not timed)."""
    import distributed
    started = time.perf_counter()
    frame = frame.persist()
    distributed.wait(frame)
    print('  (rows moved to the workers in %.2f s, not timed below)' % (time.perf_counter() - started))
    return frame


def identical(a, b):
    assert list(a) == list(b)
    for q in b:
        assert a[q] == b[q], q
    for m, v in b.mean.items():
        if m != 'runid':
            assert a.mean[m] == v, m


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--rows', type=int, default=1_000_000)
    parser.add_argument('--queries', type=int, default=10_000)
    parser.add_argument('--workers', type=int, default=2)
    parser.add_argument('--parts', default='2,8,32', help='partition counts, e.g. 8 (the slope needs 2 and 32)')
    args = parser.parse_args()
    counts = [int(p) for p in args.parts.split(',')]
    import dask.dataframe as dd
    import distributed
    import ndcg_calc.dask as ndask

    run, qrels = generated(args.rows, args.queries)
    print('%d rows, %d queries, %d judgments' % (len(run), run['qid'].nunique(), len(qrels)))
    started = time.perf_counter()
    whole = ndcg_calc.evaluate(qrels, run, MEASURES)
    one = time.perf_counter() - started
    print('one process, evaluate(qrels, run) on the frames: %.2f s' % one)
    mixed = run.sample(frac=1, random_state=1).reset_index(drop=True)
    cluster = distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    times = {}
    with distributed.Client(cluster):
        for parts in counts:
            frame = loaded(dd.from_pandas(mixed, npartitions=parts, sort=False))
            started = time.perf_counter()
            merged = ndask.evaluate(frame, qrels, MEASURES)
            times[parts] = time.perf_counter() - started
            identical(merged, whole)
            print('dask, %d workers, %2d partitions, shuffled by query: %.2f s  (%.2fx one process; identical)'
                  % (args.workers, parts, times[parts], one / times[parts]))
        for parts in counts:
            frame = loaded(dd.from_pandas(run.set_index('qid'), npartitions=parts, sort=True).reset_index())
            started = time.perf_counter()
            merged = ndask.evaluate(frame, qrels, MEASURES, grouped=True)
            took = times['grouped', parts] = time.perf_counter() - started
            identical(merged, whole)
            print('dask, %d workers, %2d partitions of whole queries (grouped=True): %.2f s  (%.2fx one process; '
                  'identical)' % (args.workers, parts, took, one / took))
    cluster.close()
    if 2 in counts and 32 in counts:
        print('overhead per partition (the slope from 2 to 32 partitions): shuffled %.0f ms, grouped %.0f ms'
              % ((times[32] - times[2]) / 30 * 1000, (times['grouped', 32] - times['grouped', 2]) / 30 * 1000))


if __name__ == '__main__':
    main()
