"""The hostile-input catalogue (tests/hostile/catalogue.mjs) through the
Python package: every case the API side runs, with the outcome the
catalogue gives (`py` where Python's differs from the JS API's: a Python
type instead of a JS one); the package must never fail otherwise. The
command's own cases (kind 'cli') and inputs over 4 MB are the command's and
the Node suite's (tests/hostile/export.mjs lists them)."""
import base64
import json
import math
import re
import subprocess
import warnings

import numpy as np

import pytest

import ndcg_calc
from conftest import ROOT

WORKED_NDCG = 0.9490301792919195


def _load():
    done = subprocess.run(['node', str(ROOT / 'tests' / 'hostile' / 'export.mjs')], capture_output=True, check=True)
    return json.loads(done.stdout)


EXPORTED = _load()


def decode(value):
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, dict):
        if set(value) == {'base64'}:
            return base64.b64decode(value['base64'])
        if set(value) == {'number'}:
            return float(value['number'].replace('Infinity', 'inf'))
        if set(value) == {'regex', 'flags'}:
            # JavaScript's [^] (any character) is [\s\S] in Python.
            flags = re.S if 's' in value['flags'] else 0
            return re.compile(value['regex'].replace('[^]', r'[\s\S]'), flags | re.M * ('m' in value['flags']))
        return {k: decode(v) for k, v in value.items()}
    return value


def snake(key):
    return re.sub(r'([A-Z])', lambda m: '_' + m.group(1).lower(), key)


def camel(value):
    if isinstance(value, list):
        return [camel(v) for v in value]
    if isinstance(value, dict):
        return {re.sub(r'_([a-z0-9])', lambda m: m.group(1).upper(), k): camel(v) for k, v in value.items()}
    return value


def expectation(case):
    if 'py' in case:
        return case['py']
    if 'api' in case and case['api'] is None:
        return None
    return case['expect']


def call(case):
    kind = case.get('kind', 'explain')
    given = case.get('options') or {}
    options = {snake(k): v for k, v in given.items()} if isinstance(given, dict) else given
    text = lambda v: v if isinstance(v, bytes) else v.encode('utf-8', 'surrogatepass')
    if kind == 'trec':
        extra = {key: text(case[key]) for key in ('subtopics', 'zscores', 'group') if case.get(key) is not None}
        r = ndcg_calc.evaluate(text(case['qrels']), text(case['run']), **extra, **options)
        return {'mean': r.mean, 'perQuery': dict(r), 'ci95': r.ci95, 'ciQueries': r.ci_queries}
    if kind == 'merge':
        r = ndcg_calc.merge([text(part) for part in case['parts']], **options)
        return {'mean': r.mean, 'perQuery': dict(r)}
    if kind == 'compare':
        r = ndcg_calc.compare(text(case['qrels']), [text(run) for run in case['runs']], **options)
        return {'count': len(r.comparisons), 'first': camel(r.comparisons[0])}
    if kind == 'python':
        return {'value': _python_call(case['function'], case['args'], options)}
    if kind == 'option':  # one option's text, as the keyword the CLI's flag would be; its value as explain reports it
        key = snake(case['key'])
        return {'value': ndcg_calc.explain(case['ranking'], **{key: case['text']}).options[key]}
    ranking = case['apiInput'] if case.get('apiInput') is not None else case.get('ranking')
    if not isinstance(options, dict):
        return ndcg_calc.explain(ranking, options)  # options that are not keywords
    if case.get('judgments') is not None:
        options['qrels'] = text(case['judgments'])
    r = ndcg_calc.explain(ranking, **options)
    summary = {'format': r.format, 'n': r.n, 'k': r.k, 'dcg': r.dcg, 'idcg': r.idcg, 'ndcg': r.ndcg,
               'hasJudgments': r.has_judgments, 'metrics': camel(r.metrics),
               'ids': [s['id'] for s in r.steps[:50]], 'rels': [s['rel'] for s in r.steps[:50]],
               'missedIds': r.get('missed_ids')}
    assert r.render('json').startswith('{') and r._repr_html_().startswith('<div')
    return summary


class _TrainingSet:
    """An evaluation set as XGBoost's DMatrix and LightGBM's Dataset offer it."""

    def __init__(self, labels, sizes):
        self.labels, self.sizes = np.asarray(labels, dtype=np.float32), np.asarray(sizes, dtype=np.int64)

    def get_label(self):
        return self.labels

    def get_group(self):
        return self.sizes

    def get_uint_info(self, field):
        assert field == 'group_ptr'
        return np.concatenate([[0], np.cumsum(self.sizes)]).astype(np.uint32)

    def num_row(self):
        return len(self.labels)


def _python_call(function, args, options):
    """One of the Python-only functions (the catalogue's kind 'python')."""
    from ndcg_calc import lightgbm, sklearn, xgboost
    if function == 'xgboost.metric':
        return xgboost.metric(**options)(np.asarray(args[1]), _TrainingSet(args[0], args[2]))[1]
    if function == 'lightgbm.feval':
        return lightgbm.feval(**options)(np.asarray(args[1]), _TrainingSet(args[0], args[2]))[1]
    if function == 'explain_row':
        return sklearn.explain_row(*args, **options).ndcg
    if function == 'dask.codes':  # a Dask partition's qids as they travel (ndcg_calc.dask)
        ndask = pytest.importorskip('ndcg_calc.dask')
        return [int(c) for c in ndask._codes(np.array(args[0], dtype=options.get('dtype', object)))[0]]
    if function == 'dask.texts':  # ids as the core reads them, as Dask cuts by them (ndcg_calc.dask)
        ndask = pytest.importorskip('ndcg_calc.dask')
        return list(ndask._id_texts(np.array(args[0], dtype=options.get('dtype', object))))
    if function == 'frames.columns':  # a run's columns as the core takes them (ndcg_calc._impl.inputs.frame_columns)
        from ndcg_calc import _core
        from ndcg_calc._impl.inputs import frame_columns
        from ndcg_calc._impl.options import option_texts
        import pandas as pd
        (codes, categories), docs, scores = args
        run = [('qid', np.array(codes, dtype=options.get('codes', 'int32')),
                np.array(categories, dtype=options.get('categories', object))),
               ('docid', np.array(docs, dtype=object)), ('score', np.array(scores, dtype=np.float64))]
        qrels = frame_columns(pd.DataFrame({'qid': ['q1', 'q2'], 'docid': ['a', 'a'], 'rel': [1, 2]}))
        reply = _core.evaluate_columns(qrels, run, b'', 'DataFrame', option_texts({'measures': ['ndcg']}), 0)
        return reply['mean']['ndcg']
    if function == 'evaluator':
        return ndcg_calc.evaluator(['map'], args[0], **options).calc_aggregate(args[1])['map']
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)  # NumPy's overflow, as under scikit-learn
        return float(getattr(sklearn, function)(*args, **options))


def near(got, want):
    if want is None or got is None:
        return got is want
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        return False
    return got == want or abs(got - want) <= 1e-12 * max(abs(got), abs(want))


def assert_subset(got, want, path='result'):
    for key, expected in want.items():
        value = got.get(key) if isinstance(got, dict) else None
        where = '%s.%s' % (path, key)
        if expected is None or (isinstance(expected, (int, float)) and not isinstance(expected, bool)):
            assert near(value, expected), '%s: expected %r, got %r' % (where, expected, value)
        elif isinstance(expected, list):
            assert isinstance(value, list) and len(value) >= len(expected), '%s: %r' % (where, value)
            for i, w in enumerate(expected):
                assert near(value[i], w) if isinstance(w, (int, float)) and not isinstance(w, bool) else value[i] == w, where
        elif isinstance(expected, dict):
            assert_subset(value, expected, where)
        else:
            assert value == expected, '%s: expected %r, got %r' % (where, expected, value)


CASES = [decode(c) for c in EXPORTED['cases'] if c.get('kind') != 'cli']


@pytest.mark.parametrize('case', CASES, ids=[c['name'] for c in CASES])
def test_hostile_input(case):
    want = expectation(case)
    if want is None:
        pytest.skip('not a case for the API side')
    if 'error' in want:
        raised = {'ValueError': ValueError, 'TypeError': TypeError}.get(want.get('type'), ndcg_calc.NdcgError)
        with pytest.raises(raised) as caught:
            call(case)
        e = caught.value
        assert want['error'].search(str(e)), str(e)
        if raised is not ndcg_calc.NdcgError:
            assert type(e) is raised, type(e)  # scikit-learn's own class, not a subclass of it
        if 'code' in want:
            assert e.code == want['code']
        if 'line' in want:
            assert e.line == want['line'], str(e)
        if 'column' in want:
            assert e.column == want['column'], str(e)
        if want.get('line'):
            assert 'line %d, column %d' % (want['line'], want['column']) in str(e)
        if 'source' in want:
            assert e.source == want['source']
    else:
        assert_subset(call(case), want['result'])
    assert ndcg_calc.explain('3 2 0 1 0 0 2 1 0 0', k=10).ndcg == WORKED_NDCG  # and the next call works


def test_the_catalogue_reaches_python_whole_but_for_its_largest_inputs():
    assert len(CASES) >= 120
    assert len(EXPORTED['skipped']) <= 6
