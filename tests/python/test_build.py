"""How setup.py builds the extension: pybind11's headers with or without the
pybind11 module, and the units it compiles with or without the native core."""
import importlib.util
import os
import re
import sys

import pytest

from conftest import ROOT


def _setup_module():
    spec = importlib.util.spec_from_file_location('ndcg_setup', ROOT / 'setup.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # setup() runs only as __main__
    return module


def test_pybind11_headers_are_found_without_the_module(monkeypatch):
    setup = _setup_module()
    with_module = setup.pybind11_include()
    assert os.path.exists(os.path.join(with_module, 'pybind11', 'pybind11.h'))
    monkeypatch.setitem(sys.modules, 'pybind11', None)  # import pybind11 now fails
    without = setup.pybind11_include()
    assert os.path.exists(os.path.join(without, 'pybind11', 'pybind11.h'))


def _included(setup, units):
    """The sources the unity units include, in order; each unit a batch in UNITY_DIR."""
    included = []
    for unit in units:
        assert os.path.dirname(unit) == setup.UNITY_DIR
        text = (ROOT / unit).read_text()
        batch = re.findall(r'^#include "([^"]+)"$', text, re.M)
        assert 0 < len(batch) <= setup.UNITY_BATCH and len(batch) == len(text.splitlines())
        included += [os.path.normpath(os.path.join(setup.UNITY_DIR, f)) for f in batch]
    return included


def _core_and_binding():
    core = sorted(str(p.relative_to(ROOT)) for p in (ROOT / 'cpp' / 'src').rglob('*.cpp'))
    binding = sorted(str(p.relative_to(ROOT)) for p in (ROOT / 'cpp' / 'python').glob('*.cpp'))
    return core, binding


def _extension(setup):
    cwd = os.getcwd()
    try:
        return setup.extension()
    finally:
        os.chdir(cwd)


def test_the_extension_compiles_the_core_s_sources_and_the_binding_only(monkeypatch):
    monkeypatch.delenv('NDCG_CORE_ARCHIVE', raising=False)
    setup = _setup_module()
    ext = _extension(setup)
    core, binding = _core_and_binding()
    # Each unit includes a batch; together, each source once, the core's first, in order.
    assert _included(setup, ext.sources) == core + binding
    assert ext.extra_objects == []


def test_with_the_native_build_s_core_only_the_binding_is_compiled(monkeypatch, tmp_path):
    archive = tmp_path / 'libndcg_core.a'
    archive.write_bytes(b'!<arch>\n')
    monkeypatch.setenv('NDCG_CORE_ARCHIVE', str(archive))
    setup = _setup_module()
    ext = _extension(setup)
    _, binding = _core_and_binding()
    assert _included(setup, ext.sources) == binding
    assert ext.extra_objects == [str(archive)] and ext.depends == [str(archive)]


def test_a_missing_core_archive_is_named(monkeypatch, tmp_path):
    monkeypatch.setenv('NDCG_CORE_ARCHIVE', str(tmp_path / 'nothing.a'))
    setup = _setup_module()
    with pytest.raises(SystemExit, match=r'nothing\.a, which is not a file'):
        setup.extension()
