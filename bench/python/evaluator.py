"""One index of judgments, many runs (ndcg_calc.evaluator), in one command
(Debian's python3 after `pip install .`, or PYTHONPATH=python after
`python3 setup.py build_ext --inplace`):

  8 runs of Q queries x D documents (TREC text, random scores) against
  qrels judging every query's documents (grades 0..4, one in four
  documents unjudged); measures nDCG@10, AP and P@10.
  Timed: the 8 runs through one evaluator on one thread, the same on two
  threads (the evaluator shared; the core releases the GIL), both with the
  evaluator's default (threads=0: a call reads its run on its thread and
  evaluates the queries on a second one, unless another call runs on the
  evaluator then) and with threads=1 (never a second thread: one Python
  thread, one core); and ndcg_calc.evaluate() on each run (the qrels read
  again for every run). Printed: each time, and the ratios against one
  thread of the same setting in the same run.

Usage: python3 bench/python/evaluator.py [--queries Q] [--docs D] [--runs N]
Each time is the median of N repetitions (default 5)."""
import argparse
import random
import statistics
import time
from concurrent.futures import ThreadPoolExecutor

import ndcg_calc

MEASURES = ['nDCG@10', 'AP', 'P@10']


def workload(queries, docs, seed=1):
    rng = random.Random(seed)
    qrels = ''.join('q%d 0 d%d %d\n' % (q, d, rng.randrange(5)) for q in range(queries) for d in range(docs)
                    if rng.random() < 0.75)
    runs = []
    for r in range(8):
        lines = []
        for q in range(queries):
            scores = sorted(((rng.random(), d) for d in range(docs)), reverse=True)
            lines.extend('q%d Q0 d%d %d %.6f run%d\n' % (q, d, i + 1, s, r) for i, (s, d) in enumerate(scores))
        runs.append(''.join(lines))
    return qrels, runs


def median_seconds(call, repeat):
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--queries', type=int, default=500)
    parser.add_argument('--docs', type=int, default=1000)
    parser.add_argument('--runs', type=int, default=5)
    args = parser.parse_args()
    qrels, runs = workload(args.queries, args.docs)
    timed = {}
    for threads in (0, 1):
        ev = ndcg_calc.evaluator(MEASURES, qrels, threads=threads)
        means = [ev.calc_aggregate(run) for run in runs]
        assert means == [ndcg_calc.calc_aggregate(MEASURES, qrels, run) for run in runs]
        one = median_seconds(lambda: [ev.calc_aggregate(run) for run in runs], args.runs)

        def two_threads():
            with ThreadPoolExecutor(2) as pool:
                list(pool.map(ev.calc_aggregate, runs))

        timed[threads] = (one, median_seconds(two_threads, args.runs))
    each = median_seconds(lambda: [ndcg_calc.evaluate(qrels, run, MEASURES) for run in runs], args.runs)
    lines = sum(run.count('\n') for run in runs)
    print('8 runs, %d lines in all (%d queries x %d documents each); qrels %d lines'
          % (lines, args.queries, args.docs, qrels.count('\n')))
    for threads, name in ((0, 'threads=0'), (1, 'threads=1')):
        one, two = timed[threads]
        print('one evaluator (%s), 1 thread   %.3f s' % (name, one))
        print('one evaluator (%s), 2 threads  %.3f s   %.2fx its 1-thread time' % (name, two, two / one))
    one = timed[0][0]
    print('evaluate() per run, 1 thread          %.3f s   %.2fx the threads=0 1-thread time' % (each, each / one))


if __name__ == '__main__':
    main()
