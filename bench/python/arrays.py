"""Labels and scores as NumPy arrays, against scikit-learn, in one run
(Debian's python3 after `pip install .`, or PYTHONPATH=python after
`python3 setup.py build_ext --inplace`):

  Q queries x 100 documents: labels 0..4, scores random floats (the
  matrix scikit-learn's ndcg_score takes, and the same rows flattened with
  group sizes for ndcg_calc.evaluate(labels, scores, 'ndcg_cut.10',
  group=sizes, preset='sklearn')); the means are checked equal. Timed:
  scikit-learn (up to --sklearn-max queries), ndcg_calc on every core and
  on one thread, and NDCG over the whole list ('ndcg') on one thread,
  beside ranx's published figure for 1M x 100 (3.4 s on one thread,
  parsing excluded: its README's table, said as such).

Usage: python3 bench/python/arrays.py [--queries 10000,100000,1000000] [--runs N]
       [--sklearn-max 100000]
       python3 bench/python/arrays.py --sparse QUERIES [--runs N] [--threads T]
With --sparse, the issue's arrays workload instead: QUERIES x 100 rows,
int32 grades with 5% of rows relevant (grades 1..4), float64 scores,
ndcg_cut.10 on T threads (default 2), one warm-up call, then one JSON
line: the median wall and CPU seconds of the calls (CPU: every thread
of the process), the mean and the inputs' bytes
(bench/table.mjs reads it and the process's peak memory).
Each time is the median of N runs (default 3); ratios are against
scikit-learn's time in the same run (x faster) and against ranx's figure."""
import argparse
import json
import statistics
import sys
import time

import numpy as np

import ndcg_calc

DOCS = 100
RANX_SECONDS = 3.4  # ranx's README: NDCG on 1M queries x 100 results, one thread


def data(queries, seed=1):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 5, size=(queries, DOCS))
    scores = rng.random((queries, DOCS))
    return labels, scores


def sparse_data(queries, seed=1):
    """int32 grades, 5% relevant, and float64 scores, made in blocks so
    that the process's peak memory is the arrays' and not temporaries'."""
    rng = np.random.default_rng(seed)
    rows = queries * DOCS
    labels = np.empty(rows, dtype=np.int32)
    scores = np.empty(rows, dtype=np.float64)
    block = 1 << 22
    for at in range(0, rows, block):
        n = min(block, rows - at)
        relevant = rng.random(n) < 0.05
        labels[at:at + n] = np.where(relevant, rng.integers(1, 5, size=n), 0)
        scores[at:at + n] = rng.random(n)
    return labels, scores


def sparse_row(queries, runs, threads):
    labels, scores = sparse_data(queries)
    sizes = np.full(queries, DOCS, dtype=np.int64)
    call = lambda: ndcg_calc.evaluate(labels, scores, 'ndcg_cut.10', group=sizes, threads=threads).mean['ndcg_cut_10']
    call()
    wall, cpu = [], []
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        mean = call()
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    seconds = statistics.median(wall)
    return {'queries': queries, 'rows': queries * DOCS, 'threads': threads, 'seconds': seconds, 'mean': mean,
            'cpu': statistics.median(cpu),
            'input_mb': (labels.nbytes + scores.nbytes) / 2**20}


def median_seconds(call, runs):
    times, value = [], None
    for _ in range(runs):
        started = time.perf_counter()
        value = call()
        times.append(time.perf_counter() - started)
    return statistics.median(times), value


def ours(labels, scores, measure, threads):
    flat_labels, flat_scores = labels.reshape(-1), scores.reshape(-1)
    sizes = np.full(labels.shape[0], DOCS, dtype=np.int64)
    name = measure.replace('.', '_')
    return lambda: ndcg_calc.evaluate(flat_labels, flat_scores, measure, group=sizes, preset='sklearn',
                                      threads=threads).mean[name]


def row(queries, runs, sklearn_max):
    labels, scores = data(queries)
    out = {'queries': queries, 'rows': queries * DOCS}
    out['ours'], mean = median_seconds(ours(labels, scores, 'ndcg_cut.10', 0), runs)
    out['ours_1'], mean_1 = median_seconds(ours(labels, scores, 'ndcg_cut.10', 1), runs)
    out['ndcg_1'], _ = median_seconds(ours(labels, scores, 'ndcg', 1), runs)
    assert mean == mean_1
    if queries <= sklearn_max:
        from sklearn.metrics import ndcg_score
        out['sklearn'], expected = median_seconds(lambda: ndcg_score(labels, scores, k=10), runs)
        assert abs(mean - expected) <= 1e-12 * abs(expected), (mean, expected)
        out['same_mean'] = '%.15f = %.15f' % (mean, expected)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--queries', default='10000,100000,1000000')
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--sklearn-max', type=int, default=100000)
    parser.add_argument('--sparse', type=int, default=0)
    parser.add_argument('--threads', type=int, default=2)
    args = parser.parse_args()
    if args.sparse:
        print(json.dumps(sparse_row(args.sparse, args.runs, args.threads)))
        return
    print('ndcg_calc %s, NumPy %s, %d documents per query, medians of %d runs' % (
        ndcg_calc.__version__, np.__version__, DOCS, args.runs))
    for queries in (int(q) for q in args.queries.split(',')):
        r = row(queries, args.runs, args.sklearn_max)
        print('\n%d queries x %d = %d rows' % (queries, DOCS, r['rows']))
        if 'sklearn' in r:
            print('  sklearn ndcg_score(k=10)           %8.3f s' % r['sklearn'])
            print('  mean ndcg_cut_10 (ours = sklearn)  %s' % r['same_mean'])
        for key, what in (('ours', 'ndcg_cut.10, every core'), ('ours_1', 'ndcg_cut.10, one thread'),
                          ('ndcg_1', 'ndcg (whole list), one thread')):
            line = '  ndcg_calc %-26s %8.3f s' % (what, r[key])
            if 'sklearn' in r:
                line += '   %6.1fx faster than scikit-learn' % (r['sklearn'] / r[key])
            if queries == 1000000 and key != 'ours':
                line += '   %5.2fx faster than ranx\'s published %.1f s' % (RANX_SECONDS / r[key], RANX_SECONDS)
            print(line)
        sys.stdout.flush()


if __name__ == '__main__':
    main()
