"""The extension ndcg_calc._core: the core's sources (cpp/src) and the
binding (cpp/python), compiled as the command and the wasm module compile
them; the rest of the package's description is in pyproject.toml.

pybind11's headers come from the pybind11 module when it is importable,
else from /usr/include (Debian's python3-pybind11 installs both), so the
package also builds where only the headers are."""
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


def pybind11_include():
    try:
        import pybind11
        return pybind11.get_include()
    except ImportError:
        pass
    for prefix in (sys.prefix, sys.base_prefix, '/usr/local', '/usr'):
        folder = os.path.join(prefix, 'include')
        if os.path.exists(os.path.join(folder, 'pybind11', 'pybind11.h')):
            return folder
    sys.exit("setup.py: pybind11's headers were not found (Debian: apt-get install python3-pybind11)")


def sources():
    # Relative paths, as setuptools wants them; sorted so builds are repeatable.
    os.chdir(ROOT)
    return sorted(glob('cpp/src/**/*.cpp', recursive=True)) + sorted(glob('cpp/python/*.cpp'))


class parallel_build_ext(build_ext):
    """Compiles the sources of the one extension side by side (setuptools
    compiles them one after another): NDCG_JOBS, default every core."""

    def build_extensions(self):
        compile_one = self.compiler.compile
        jobs = int(os.environ.get('NDCG_JOBS', os.cpu_count() or 1))

        def compile_all(files, *args, **kwargs):
            with ThreadPoolExecutor(max(1, jobs)) as pool:
                objects = pool.map(lambda f: compile_one([f], *args, **kwargs), files)
                return [o for part in objects for o in part]

        self.compiler.compile = compile_all
        super().build_extensions()


core = Extension(
    'ndcg_calc._core',
    sources=sources(),
    include_dirs=['cpp/include', 'cpp/src', 'cpp/python', pybind11_include()],
    language='c++',
    # fast_float and {fmt} are header-only, from /usr/include as for the command.
    extra_compile_args=['-std=c++17', '-O2', '-g0', '-fvisibility=hidden', '-DNDEBUG'],
    extra_link_args=['-pthread'],
)

setup(ext_modules=[core], cmdclass={'build_ext': parallel_build_ext})
