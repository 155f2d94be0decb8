"""The type stubs (__init__.pyi) name every public function and class with
the parameters the module really has, and every explanation field the core
writes for the worked example. The results' attributes are written from the
core's field lists (scripts/types/build-stubs.mjs): the file is what the generator
writes now, and each result holds exactly the attributes it declares."""
import ast
import inspect
import shutil
import subprocess
from pathlib import Path

import numpy as np

import ndcg_calc

STUBS = Path(ndcg_calc.__file__).with_name('__init__.pyi')
ROOT = Path(__file__).resolve().parents[2]


def _stubbed(path=STUBS):
    tree = ast.parse(path.read_text())
    found = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            found[node.name] = node
        elif isinstance(node, ast.AnnAssign):
            found[node.target.id] = node
    return found


def _parameters(fn):
    args = fn.args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    if args.vararg:
        names.append('*' + args.vararg.arg)
    if args.kwarg:
        names.append('**' + args.kwarg.arg)
    return [n for n in names if n != 'self']


def _real_parameters(obj):
    out = []
    for p in inspect.signature(obj).parameters.values():
        prefix = {p.VAR_POSITIONAL: '*', p.VAR_KEYWORD: '**'}.get(p.kind, '')
        out.append(prefix + p.name)
    return out


def test_every_public_name_has_a_stub_with_the_same_parameters():
    stubs = _stubbed()
    assert set(ndcg_calc.__all__) <= set(stubs), set(ndcg_calc.__all__) - set(stubs)
    for name in ndcg_calc.__all__:
        obj = getattr(ndcg_calc, name)
        stub = stubs[name]
        if inspect.isfunction(obj):
            assert _parameters(stub) == _real_parameters(obj), name
        elif inspect.isclass(obj):
            methods = {n.name: n for n in stub.body if isinstance(n, ast.FunctionDef)}
            for method, fn in vars(obj).items():
                if inspect.isfunction(fn) and (not method.startswith('_') or method in ('__init__', '_repr_html_')):
                    assert method in methods, '%s.%s has no stub' % (name, method)
                    assert _parameters(methods[method]) == _real_parameters(fn)[1:], '%s.%s' % (name, method)


def test_the_drop_in_modules_have_stubs_with_the_same_parameters():
    import importlib
    for name in ('sklearn', 'xgboost', 'lightgbm'):
        module = importlib.import_module('ndcg_calc.' + name)
        stubs = _stubbed(STUBS.with_name(name + '.pyi'))
        assert set(stubs) == set(module.__all__), name
        for function in module.__all__:
            assert _parameters(stubs[function]) == _real_parameters(getattr(module, function)), (name, function)


def test_the_explanation_s_fields_are_typed():
    stub = _stubbed()['Explanation']
    typed = {n.target.id for n in stub.body if isinstance(n, ast.AnnAssign)}
    fields = set(ndcg_calc.explain('3 2 0 1', k=3))
    # Fields written only with judgments or subtopics (idcg_judged, ...) are reached as items.
    assert fields <= typed, fields - typed


QRELS = 'q1 0 d1 2\nq1 0 d2 0\nq2 0 d3 1\n'
RUNS = ['q1 Q0 d1 1 0.9 a\nq1 Q0 d2 2 0.5 a\nq2 Q0 d3 1 0.7 a\n',
        'q1 Q0 d2 1 0.9 b\nq1 Q0 d1 2 0.5 b\nq2 Q0 d3 1 0.7 b\n']


def _results():
    """One real instance of each result class whose stub declares attributes."""
    arrays = ndcg_calc.evaluate(np.array([2.0, 0.0, 1.0]), np.array([0.9, 0.5, 0.7]), qid=np.array([1, 1, 2]))
    return {
        'Evaluation': ndcg_calc.evaluate(QRELS, RUNS[0]),
        'ArrayEvaluation': arrays,
        'Comparison': ndcg_calc.compare(QRELS, RUNS),
    }


def test_every_attribute_a_result_s_stub_declares_is_there():
    for name, result in _results().items():
        assert type(result).__name__ == name
        declared = _declared(name)
        assert declared, name
        missing = [a for a in declared if not hasattr(result, a)]
        assert not missing, '%s lacks %s' % (name, missing)


def _declared(name):
    """The attributes a stub class declares, with those of its stub-only bases."""
    stubs = _stubbed()
    node = stubs[name]
    bases = [b.id for b in node.bases if isinstance(b, ast.Name) and b.id in stubs]
    own = {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
    return own.union(*map(_declared, bases))


def test_the_stubs_are_what_the_generator_writes_from_the_field_lists():
    node = shutil.which('node') or shutil.which('nodejs')
    assert node, 'node is needed to check the stubs'
    checked = subprocess.run([node, str(ROOT / 'scripts' / 'types' / 'build-stubs.mjs'), '--check'], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert STUBS.read_text() == (ROOT / 'python' / 'ndcg_calc' / '__init__.pyi').read_text()


def test_each_result_holds_exactly_the_attributes_its_stub_declares():
    for name, result in _results().items():
        held = set(result) if isinstance(result, dict) and name == 'Comparison' else set(vars(result))
        held = {a for a in held if not a.startswith('_')}
        assert held == _declared(name), (name, held ^ _declared(name))
    # An explanation's fields: every one the core writes for some input, no more.
    explained = [ndcg_calc.explain('3 2 0 1', k=3),
                 ndcg_calc.explain('a 2\nb 1\nc 0', alpha=0.25, qrels='q 1 a 1\nq 2 a 1\nq 2 b 1\nq 3 c 0')]
    assert set().union(*map(set, explained)) == _declared('Explanation')
    assert set(explained[1]['metrics']) > set(explained[0]['metrics'])


def test_arrays_say_they_were_not_read_from_text():
    arrays = _results()['ArrayEvaluation']
    assert arrays.readings == []
    assert arrays.read_as == {'qrels': 'labels', 'run': 'scores'}
