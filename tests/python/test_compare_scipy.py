"""compare() against SciPy over few and many queries: the paired t-test and the sign test agree;
from 10 queries on the bootstrap interval agrees with scipy.stats.bootstrap's percentile interval;
below 10 it is withheld, the same in Python, the command's JSON and its text. And the reason for
the rule, measured: a percentile bootstrap over few queries covers the true difference far less
often than 95% of the time."""
import json
import subprocess

import numpy as np
import pytest
from scipy import stats

import ndcg_calc

from conftest import BIN as NDCG  # the native command


def _runs(n, seed):
    """n queries, one relevant document each at a random rank in A and in B (recip_rank = 1/rank)."""
    rng = np.random.default_rng(seed)
    rank_a, rank_b = rng.integers(1, 11, n), rng.integers(1, 11, n)
    qrels = ''.join(f'q{q} 0 rel 1\n' for q in range(n))

    def run(ranks, tag):
        lines = []
        for q, r in enumerate(ranks):
            docs = [f'x{i}' for i in range(9)]
            docs.insert(r - 1, 'rel')
            lines += [f'q{q} Q0 {d} {i + 1} {20 - i} {tag}' for i, d in enumerate(docs)]
        return '\n'.join(lines) + '\n'
    return qrels, run(rank_a, 'a'), run(rank_b, 'b'), 1 / rank_a, 1 / rank_b


@pytest.mark.parametrize('n', [3, 6, 9, 10, 14, 40])
def test_tests_agree_with_scipy_and_the_interval_follows_the_rule(n):
    qrels, run_a, run_b, a, b = _runs(n, seed=n)
    c = ndcg_calc.compare(qrels, {'A': run_a, 'B': run_b}, 'recip_rank', trials=20000).comparisons[0]
    assert c['queries'] == n
    d = b - a
    if np.std(d) > 0:
        assert c['p_ttest'] == pytest.approx(stats.ttest_rel(b, a).pvalue, rel=1e-9)
    wins, losses = int((d > 0).sum()), int((d < 0).sum())
    assert c['p_sign'] == pytest.approx(stats.binomtest(wins, wins + losses).pvalue, rel=1e-9)
    if n < ndcg_calc.MIN_INTERVAL_QUERIES:
        assert c['interval'] == 'withheld'
        assert c['ci95'] == [None, None]
        return
    assert c['interval'] == 'bootstrap'
    ref = stats.bootstrap((d,), np.mean, method='percentile', n_resamples=20000, random_state=1).confidence_interval
    spread = np.std(d) / np.sqrt(n)  # Monte Carlo error of a percentile is a small part of this
    assert c['ci95'][0] == pytest.approx(ref.low, abs=0.05 * spread)
    assert c['ci95'][1] == pytest.approx(ref.high, abs=0.05 * spread)


def test_the_command_withholds_it_too_in_json_and_text(tmp_path):
    qrels, run_a, run_b, _, _ = _runs(3, seed=3)
    for name, text in (('q', qrels), ('a', run_a), ('b', run_b)):
        (tmp_path / name).write_text(text)
    files = [str(tmp_path / x) for x in ('q', 'a', 'b')]
    out = subprocess.run([NDCG, 'compare', '--format', 'json', '-m', 'recip_rank', *files], capture_output=True, text=True, check=True)
    c = json.loads(out.stdout)['comparisons'][0]
    assert (c['interval'], c['ci95']) == ('withheld', [None, None])
    text = subprocess.run([NDCG, 'compare', '-m', 'recip_rank', *files], capture_output=True, text=True, check=True).stdout
    assert ' withheld ' in text and '95% CI withheld below 10 queries' in text


def _coverage(n, reps=3000, resamples=1000, seed=7):
    """How often the percentile bootstrap's 95% interval holds the true mean (0) of normal data."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((reps, n))
    picks = rng.integers(0, n, (reps, resamples, n))
    means = np.take_along_axis(np.repeat(x[:, None, :], resamples, 1), picks, 2).mean(2)
    low, high = np.percentile(means, [2.5, 97.5], axis=1)
    return float(((low <= 0) & (0 <= high)).mean())


def test_why_below_10_queries_the_interval_is_withheld():
    """About 75% at 3 queries and 89% at 9, against at least 90% from 10 (docs/cli.md gives the figures)."""
    few, edge = _coverage(3), _coverage(ndcg_calc.MIN_INTERVAL_QUERIES)
    assert few < 0.8
    assert edge >= 0.89
    # The same premise checked with SciPy's own bootstrap on a handful of samples at 3 queries.
    rng = np.random.default_rng(11)
    hits = 0
    for _ in range(200):
        x = rng.standard_normal(3)
        ci = stats.bootstrap((x,), np.mean, method='percentile', n_resamples=999, random_state=rng).confidence_interval
        hits += ci.low <= 0 <= ci.high
    assert hits / 200 < 0.85
