"""The catalogue of batch inputs (tests/data/catalogue/cases.json, which
tests/js/catalogue.test.mjs walks through the command and Node) through
ndcg_calc.evaluate and ndcg_calc.compare: each case gives the command's
report bytes, or the error the catalogue names with the command's line,
column and reason. Cases marked "frames" go to the package as pandas
DataFrames of their CSV tables: the same bytes, or the same error on the
same line (the column then the frame's column, by place)."""
import gzip
import json
import subprocess

import pytest

import ndcg_calc
from conftest import BIN, ROOT

CASES = json.loads((ROOT / 'tests' / 'data' / 'catalogue' / 'cases.json').read_text(encoding='utf-8'))


def _bytes(case, name, text):
    data = text.encode('utf-8')
    if name not in case.get('gzip', []):
        return data
    packed = gzip.compress(data)
    return packed[:case['cut']] if 'cut' in case else packed


def _flags(options):
    out = []
    for key, value in options.items():
        flag = '--' + key.replace('_', '-')
        for v in value if isinstance(value, list) else [value]:
            out.append(flag if v is True else '%s=%s' % (flag, str(v).lower() if isinstance(v, bool) else v))
    return out


def _command(case, folder):
    """The command run in a folder of the case's files, named as the
    package names its inputs (qrels, run, run1, ...)."""
    def put(name, data):
        (folder / name).write_bytes(data)
        return name
    words = [case['kind'], *_flags(case.get('options', {}))]
    for name in ('subtopics', 'zscores', 'group'):
        if name in case:
            words += ['--' + name, put(name, case[name].encode('utf-8'))]
    words.append(put('qrels', _bytes(case, 'qrels', case['qrels'])))
    if case['kind'] == 'trec' and 'run' in case:
        words.append(put('run', _bytes(case, 'run', case['run'])))
    for k, run in enumerate(case.get('runs', [])):
        words.append(put('run%d' % (k + 1), _bytes(case, 'runs', run)))
    return subprocess.run([BIN, *words], cwd=folder, capture_output=True)


def _frame(text):
    """A case's CSV table as pandas reads it (numbers as numbers, empty cells as NaN)."""
    import io
    import pandas as pd
    return pd.read_csv(io.StringIO(text))


def _same_by_evaluator(qrels, run, measures, options):
    """evaluator(measures, qrels).evaluate(run) gives evaluate()'s text, or its error."""
    try:
        want = ndcg_calc.evaluate(qrels, run, measures, **options).text
    except ndcg_calc.NdcgError as e:
        with pytest.raises(ndcg_calc.NdcgError) as raised:
            ndcg_calc.evaluator(measures, qrels, **options).evaluate(run)
        assert (raised.value.code, raised.value.source, raised.value.line, raised.value.column, raised.value.reason) == \
            (e.code, e.source, e.line, e.column, e.reason)
        return
    assert ndcg_calc.evaluator(measures, qrels, **options).evaluate(run).text == want


def _package(case):
    options = dict(case.get('options', {}))
    measures = options.pop('measures', None)
    for name in ('subtopics', 'zscores', 'group'):
        if name in case:
            options[name] = case[name].encode('utf-8')
    if case.get('frames'):  # the tables as DataFrames: the columns path gives the CSV path's bytes
        run = _frame(case['run']) if 'run' in case else None
        if run is not None:  # an evaluator holding the qrels frame, given the run frame: the same
            _same_by_evaluator(_frame(case['qrels']), run, measures, options)
        return ndcg_calc.evaluate(_frame(case['qrels']), run, measures, **options).text
    qrels = _bytes(case, 'qrels', case['qrels'])
    if case['kind'] == 'compare':
        runs = [_bytes(case, 'runs', r) for r in case['runs']]
        return ndcg_calc.compare(qrels, runs, measures, **options)['text']
    run = _bytes(case, 'run', case['run']) if 'run' in case else None
    return ndcg_calc.evaluate(qrels, run, measures, **options).text


@pytest.mark.parametrize('case', CASES, ids=[c['name'] for c in CASES])
def test_catalogue_case_as_the_command(case, tmp_path):
    done = _command(case, tmp_path)
    if case['expect'] == 'ok':
        assert done.returncode == 0, done.stderr.decode()
        assert _package(case) == done.stdout.decode()
        return
    with pytest.raises(ndcg_calc.NdcgError) as raised:
        _package(case)
    e = raised.value
    expect = {k: v for k, v in case['expect'].items() if not (case.get('frames') and k == 'column')}
    assert {k: getattr(e, k) for k in expect} == expect
    assert done.returncode == 2
    last = done.stderr.decode().rstrip('\n').split('\n')[-1]
    assert last == 'ndcg %s: %s' % (case['kind'], e.reason) or last.endswith(': ' + e.reason), last
    if case.get('frames'):  # a frame's column is its place, the file's a byte
        assert e.column == case['frame_column'] and ':%d:' % e.line in last
    elif e.line:
        assert ':%d:%d: %s' % (e.line, e.column, e.reason) in last
