"""ndcg_calc.sklearn's drop-ins against scikit-learn itself, in one run
(Debian's python3 after `pip install .`, or PYTHONPATH=python after
`python3 setup.py build_ext --inplace`):

  Q rows x 100 documents (labels 0..4), scores random floats or, for the
  tied case, scores in five levels. Each call is timed whole, input checks
  included, as a user calls it: ndcg_score(Y, S, k=10), ndcg_score(Y, S)
  (whole rows: a full sort of each), the first with ignore_ties=True,
  dcg_score(Y, S), and ndcg_score on tied scores; the values are checked
  equal (1e-12) before the times are printed.

Usage: python3 bench/python/sklearn_drop_ins.py [--queries 10000] [--runs 9]
Each time is the median of N runs; the ratio (x faster) is the median of
scikit-learn's time over ndcg_calc's in pairs of calls run back to back."""
import argparse
import statistics
import sys
import time

import numpy as np
from sklearn import metrics

from ndcg_calc import sklearn as drop_in


def seconds(call):
    started = time.perf_counter()
    value = call()
    return time.perf_counter() - started, value


def paired(theirs, ours, runs):
    """Medians of each side's times and of the ratios of pairs run back to
    back, so that both sides of a ratio meet the same load."""
    pairs = []
    for _ in range(runs):
        (a, expected), (b, got) = seconds(theirs), seconds(ours)
        pairs.append((a, b))
    ratio = statistics.median(a / b for a, b in pairs)
    return statistics.median(a for a, _ in pairs), statistics.median(b for _, b in pairs), ratio, expected, got


def cases(queries, seed=1):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 5, size=(queries, 100))
    scores = rng.random((queries, 100))
    tied = np.floor(scores * 5) / 5
    return [('ndcg_score(k=10)', 'ndcg_score', labels, scores, {'k': 10}),
            ('ndcg_score() (whole rows)', 'ndcg_score', labels, scores, {}),
            ('ndcg_score(k=10, ignore_ties=True)', 'ndcg_score', labels, scores, {'k': 10, 'ignore_ties': True}),
            ('dcg_score()', 'dcg_score', labels, scores, {}),
            ('ndcg_score(k=10), scores in 5 levels', 'ndcg_score', labels, tied, {'k': 10})]


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument('--queries', type=int, default=10000)
    parser.add_argument('--runs', type=int, default=9)
    args = parser.parse_args(argv)
    print('%d rows x 100 documents, median of %d runs, input checks included' % (args.queries, args.runs))
    for title, name, labels, scores, keywords in cases(args.queries):
        theirs, ours, ratio, expected, got = paired(lambda: getattr(metrics, name)(labels, scores, **keywords),
                                                    lambda: getattr(drop_in, name)(labels, scores, **keywords), args.runs)
        if abs(got - expected) > 1e-12 * max(1.0, abs(expected)):
            sys.exit('%s: ndcg_calc gives %r, scikit-learn %r' % (title, got, expected))
        print('  %-38s scikit-learn %7.3f s  ndcg_calc %7.4f s  %6.1fx faster' % (title, theirs, ours, ratio))


if __name__ == '__main__':
    main(sys.argv[1:])
