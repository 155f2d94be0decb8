"""The Python package against its baselines, in one command (run it with
Debian's python3 after `pip install .` or with PYTHONPATH=python after
`python3 setup.py build_ext --inplace`):

  evaluate()  on the issue's workload (gen.py --seed 1000 --target-lines
              1000000, -m ndcg_cut.10 -m ndcg, the files given as paths: the
              run streamed as `ndcg trec` streams it), the call's time in this
              process against the native `ndcg trec`'s whole process and
              against trec_eval (on PATH, or the figure measured for it on
              the development machine, said as such);
  explain()   of the worked example, per call, against a plain Python NDCG@10
              of the same ten grades (no steps, no checks).

Usage: python3 bench/python/python.py [--runs N] [--ndcg BIN] [--trec-eval-seconds S]
Medians of N runs (default 9), the package and the command taken in turn."""
import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MEASURES = ['ndcg_cut.10', 'ndcg']
# trec_eval 10.0 on this workload on the 2-core development machine (issue 20).
TREC_EVAL_SECONDS = 1.57


def workload():
    folder = os.path.join(tempfile.gettempdir(), 'ndcg-bench-trec')
    os.makedirs(folder, exist_ok=True)
    run, qrels = (os.path.join(folder, 'seed1000-1000000.' + ext) for ext in ('run', 'qrels'))
    if not (os.path.exists(run) and os.path.exists(qrels)):
        gen = next(p for p in (os.path.join(ROOT, '..', 'shared', 'data', 'gen.py'), '/work/shared/data/gen.py')
                   if os.path.exists(p))
        print('generating the 1,000,000-line workload into %s ...' % folder)
        subprocess.run([sys.executable, gen, '--seed', '1000', '--target-lines', '1000000', '--run', run, '--qrels', qrels],
                       check=True)
    return qrels, run


def median_seconds(calls, runs):
    """Medians of each call's time, the calls taken in turn in every round so
    that a busy moment of the machine falls on both alike."""
    times = [[] for _ in calls]
    for _ in range(runs):
        for call, kept in zip(calls, times):
            started = time.perf_counter()
            call()
            kept.append(time.perf_counter() - started)
    return [statistics.median(t) for t in times]


def process(args):
    return lambda: subprocess.run(args, check=True, stdout=subprocess.DEVNULL)


def plain_ndcg_at_10(grades):
    dcg = sum((2 ** g - 1) / math.log2(i + 2) for i, g in enumerate(grades[:10]))
    ideal = sorted(grades, reverse=True)
    idcg = sum((2 ** g - 1) / math.log2(i + 2) for i, g in enumerate(ideal[:10]))
    return dcg / idcg


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--runs', type=int, default=9)
    parser.add_argument('--ndcg', default=os.path.join(ROOT, 'build', 'native', 'ndcg'))
    parser.add_argument('--trec-eval-seconds', type=float, default=TREC_EVAL_SECONDS)
    a = parser.parse_args()
    import ndcg_calc

    qrels, run = workload()
    m_args = [w for m in MEASURES for w in ('-m', m)]
    print('workload: gen.py --seed 1000 --target-lines 1000000, measures %s; medians of %d' % (' '.join(MEASURES), a.runs))
    ours, native = median_seconds([lambda: ndcg_calc.evaluate(qrels, run, MEASURES),
                                   process([a.ndcg, 'trec', *m_args, qrels, run])], a.runs)
    print('ndcg_calc.evaluate (the call)   %.3f s' % ours)
    print('ndcg trec (the whole process)   %.3f s' % native)
    if shutil.which('trec_eval'):
        trec_eval, = median_seconds([process(['trec_eval', *m_args, qrels, run])], a.runs)
        said = 'trec_eval on PATH'
    else:
        trec_eval = a.trec_eval_seconds
        said = 'trec_eval not on PATH: its time measured on the development machine'
    print('trec_eval                       %.3f s (%s)' % (trec_eval, said))
    print('evaluate / ndcg trec:           %.2fx (target: within 1.2x)' % (ours / native))
    print('trec_eval / evaluate:           %.2fx faster (target: 5x or more)' % (trec_eval / ours))

    # pytrec_eval's way: the qrels and the run as dicts (read here by parse_run and parse_qrel).
    with open(run) as f:
        run_dict = ndcg_calc.parse_run(f)
    with open(qrels) as f:
        qrels_dict = ndcg_calc.parse_qrel(f)
    made, = median_seconds([lambda: ndcg_calc.RelevanceEvaluator(qrels_dict, set(MEASURES))], min(a.runs, 3))
    evaluator = ndcg_calc.RelevanceEvaluator(qrels_dict, set(MEASURES))
    dicts, = median_seconds([lambda: evaluator.evaluate(run_dict)], min(a.runs, 3))
    print('RelevanceEvaluator(qrels dict)  %.3f s; .evaluate(run dict) %.3f s (the dicts read as memory)'
          % (made, dicts))

    worked = [3, 2, 0, 1, 0, 0, 2, 1, 0, 0]
    text = '3 2 0 1 0 0 2 1 0 0'
    count = 20000
    per_call = min(timeit.repeat(lambda: ndcg_calc.explain(text, k=10), number=count, repeat=a.runs)) / count
    per_list = min(timeit.repeat(lambda: ndcg_calc.explain(worked, k=10), number=count, repeat=a.runs)) / count
    plain = min(timeit.repeat(lambda: plain_ndcg_at_10(worked), number=count, repeat=a.runs)) / count
    print('\nexplain of the worked example:  %.1f us per call as text, %.1f us as a list (target: under 50 us)'
          % (per_call * 1e6, per_list * 1e6))
    print('plain Python NDCG@10:           %.1f us per call; explain / plain: %.1fx (steps, ideal, curve, metrics, checks)'
          % (plain * 1e6, per_call / plain))


if __name__ == '__main__':
    main()
