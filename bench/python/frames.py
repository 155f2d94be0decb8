"""pandas DataFrames against pytrec_eval's dicts, paired, in one command
(Debian's python3 after `pip install .`, or PYTHONPATH=python after
`python3 setup.py build_ext --inplace`):

  frames   ndcg_calc.evaluate(qrels_frame, run_frame, MEASURES): the frames'
           columns read by the core as memory
  dicts    ndcg_calc.RelevanceEvaluator(qrels_dict, MEASURES).evaluate(run_dict),
           the baseline (and .evaluate alone, the evaluator made once)
  csv      the frames written as CSV by pandas and read as text (the way
           frames went before they went as columns), with --csv

on the issue's workload (gen.py --seed 1000 --target-lines 1000000: a run of
1M lines, qrels of 800k), ids as str columns (object dtype) and, with
--int-qids, qids as int64. The frames and the dicts hold the same rows; the
results are checked equal before timing. Medians of N runs, the calls taken
in turn in each round; the CPU time of the process during each call beside
(on a shared machine the wall time moves with the load).

Usage: python3 bench/python/frames.py [--runs N] [--csv] [--int-qids]"""
import argparse
import csv
import os
import resource
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from python import MEASURES, workload  # noqa: E402


def medians(calls, runs):
    """Medians of each call's wall time and of the CPU time the process took
    meanwhile (every thread), the calls taken in turn in every round."""
    walls, cpus = [[] for _ in calls], [[] for _ in calls]
    for _ in range(runs):
        for call, wall, cpu in zip(calls, walls, cpus):
            used = resource.getrusage(resource.RUSAGE_SELF)
            started = time.perf_counter()
            call()
            wall.append(time.perf_counter() - started)
            now = resource.getrusage(resource.RUSAGE_SELF)
            cpu.append(now.ru_utime + now.ru_stime - used.ru_utime - used.ru_stime)
    return [statistics.median(t) for t in walls], [statistics.median(t) for t in cpus]


def frames(qrels, run, int_qids):
    import pandas as pd
    ids = {'qid': 'int64' if int_qids else str, 'docid': str}
    read = dict(sep=' ', header=None, quoting=csv.QUOTE_NONE, dtype=ids, keep_default_na=False)
    run_frame = pd.read_csv(run, names=['qid', 'q0', 'docid', 'rank', 'score', 'tag'], usecols=['qid', 'docid', 'score'],
                            **read)
    qrels_frame = pd.read_csv(qrels, names=['qid', 'iter', 'docid', 'rel'], usecols=['qid', 'docid', 'rel'], **read)
    return qrels_frame, run_frame


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--runs', type=int, default=5)
    parser.add_argument('--csv', action='store_true', help='also time the frames written as CSV text')
    parser.add_argument('--int-qids', action='store_true', help='qids as an int64 column')
    a = parser.parse_args()
    import ndcg_calc

    qrels, run = workload()
    qrels_frame, run_frame = frames(qrels, run, a.int_qids)
    with open(run) as f:
        run_dict = ndcg_calc.parse_run(f)
    with open(qrels) as f:
        qrels_dict = ndcg_calc.parse_qrel(f)
    measures = set(MEASURES)
    evaluator = ndcg_calc.RelevanceEvaluator(qrels_dict, measures)
    by_frames = ndcg_calc.evaluate(qrels_frame, run_frame, MEASURES)
    by_dicts = evaluator.evaluate(run_dict)
    for q, values in by_dicts.items():
        assert by_frames[q] == values, q
    print('%d run rows, %d judgments, %d queries, measures %s; ids %s; medians of %d'
          % (len(run_frame), len(qrels_frame), len(by_frames), ' '.join(MEASURES),
             'qid int64, docid str' if a.int_qids else 'str', a.runs))
    calls = [lambda: ndcg_calc.evaluate(qrels_frame, run_frame, MEASURES),
             lambda: ndcg_calc.RelevanceEvaluator(qrels_dict, measures).evaluate(run_dict),
             lambda: evaluator.evaluate(run_dict)]
    if a.csv:
        calls.append(lambda: ndcg_calc.evaluate(qrels_frame.to_csv(index=False), run_frame.to_csv(index=False), MEASURES))
    times, cpu = medians(calls, a.runs)
    print('frames  evaluate(qrels_frame, run_frame)          %.3f s (CPU %.3f s)' % (times[0], cpu[0]))
    print('dicts   RelevanceEvaluator(qrels).evaluate(run)   %.3f s (CPU %.3f s)' % (times[1], cpu[1]))
    print('dicts   .evaluate(run), the evaluator made once   %.3f s (CPU %.3f s)' % (times[2], cpu[2]))
    if a.csv:
        print('csv     the frames as CSV text                    %.3f s (CPU %.3f s)' % (times[3], cpu[3]))
    print('frames / dicts: %.2fx wall, %.2fx CPU (goal: within 1.2x); frames / .evaluate alone: %.2fx wall'
          % (times[0] / times[1], cpu[0] / cpu[1], times[0] / times[2]))
    print('load average %.1f' % os.getloadavg()[0])


if __name__ == '__main__':
    main()
