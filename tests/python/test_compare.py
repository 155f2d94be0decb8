"""compare(): the paired tests of `ndcg compare`, field for field."""
import json

import pytest

import ndcg_calc
from conftest import QRELS, RUN, cli


@pytest.fixture(scope='module')
def run_b(tmp_path_factory):
    lines = RUN.read_text().splitlines()
    flipped = []
    for i, line in enumerate(lines, 1):
        f = line.split()
        if i % 4 == 0:
            f[4] = repr(-float(f[4]))
        flipped.append(' '.join(f))
    path = tmp_path_factory.mktemp('runs') / 'b.run'
    path.write_text('\n'.join(flipped) + '\n')
    return path


def test_compare_gives_the_command_s_comparisons(run_b):
    expected = json.loads(cli('compare', '--format', 'json', '-m', 'map', '-m', 'ndcg_cut.10', '--trials', '500',
                              QRELS, RUN, run_b))
    got = ndcg_calc.compare(QRELS, [RUN, run_b], ['map', 'ndcg_cut.10'], trials=500, names=[str(RUN), str(run_b)])
    assert got.comparisons == expected['comparisons']
    assert got.tie_ranges == expected['tie_ranges']
    assert got.runs == expected['runs'] and got.measures == expected['measures']
    assert len(got.per_query['map']) == 2 and len(got.per_query['map'][0]) == len(got.qids) == 50
    text = ndcg_calc.compare(QRELS, {'A': RUN, 'B': run_b}, 'map', trials=500, format='markdown').text
    assert text == cli('compare', '--format', 'markdown', '-m', 'map', '--trials', '500', '--names', 'A',
                       '--names', 'B', QRELS, RUN, run_b)


def test_compare_language_zh_is_the_command_s_chinese_text(run_b):
    zh = ndcg_calc.compare(QRELS, {'A': RUN, 'B': run_b}, 'map', trials=500, language='zh')
    assert zh.text == cli('compare', '-m', 'map', '--trials', '500', '--language', 'zh', '--names', 'A',
                          '--names', 'B', QRELS, RUN, run_b)
    assert '自助法与随机化检验：500 次' in zh.text and 'bootstrap' not in zh.text
    en = ndcg_calc.compare(QRELS, {'A': RUN, 'B': run_b}, 'map', trials=500)
    assert zh.comparisons == en.comparisons


def test_compare_csv_is_one_table_the_command_s(run_b):
    for table in ('comparisons', 'tie_ranges', 'per_query'):
        text = ndcg_calc.compare(QRELS, {'A': RUN, 'B': run_b}, 'map', trials=500, format='csv', table=table).text
        assert text == cli('compare', '--format', 'csv', '--table', table, '-m', 'map', '--trials', '500',
                           '--names', 'A', '--names', 'B', QRELS, RUN, run_b)
        widths = {len(line.split(',')) for line in text.splitlines()}
        assert len(widths) == 1 and '\n\n' not in text
    with pytest.raises(ndcg_calc.NdcgError) as caught:
        ndcg_calc.compare(QRELS, [RUN, run_b], format='csv', table='all')
    assert caught.value.code == 'unknown-choice' and caught.value.key == 'table'


def test_compare_refuses_what_the_command_refuses(run_b):
    with pytest.raises(ndcg_calc.NdcgError) as caught:
        ndcg_calc.compare(QRELS, [RUN, run_b], trials=0)
    assert caught.value.code == 'out-of-range' and caught.value.key == 'trials'
    with pytest.raises(ndcg_calc.NdcgError) as caught:
        ndcg_calc.compare(QRELS, [RUN, 'q1 Q0 d1 1 x r\n'])
    e = caught.value
    assert (e.code, e.source, e.index, e.line) == ('not-a-number', 'run', 2, 1)
    assert str(e).startswith('run 2: line 1, column')
