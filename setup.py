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


# Sources per compiled unit, as CMakeLists.txt's unity build batches them.
UNITY_BATCH = 33
UNITY_DIR = os.path.join('build', 'python-unity')


def write_if_changed(path, text):
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(path, 'w') as f:
        f.write(text)


def unity_sources(files, name):
    """`files` in batches of UNITY_BATCH, each batch a generated file
    (UNITY_DIR/<name>_<n>.cpp) that includes them, so the standard headers,
    fmt and pybind11 are parsed once a batch (about 2.5 times less compile
    time than one file at a time for the core, 2.2 for the binding)."""
    os.makedirs(UNITY_DIR, exist_ok=True)
    units = []
    for n, start in enumerate(range(0, len(files), UNITY_BATCH)):
        unit = os.path.join(UNITY_DIR, f'{name}_{n}.cpp')
        lines = [f'#include "{os.path.relpath(f, UNITY_DIR)}"\n' for f in files[start:start + UNITY_BATCH]]
        write_if_changed(unit, ''.join(lines))
        units.append(unit)
    return units


def sources(archive=''):
    """The units to compile: the core's sources, unless the core comes
    compiled (`archive`), then the binding's, each in unity batches."""
    # Relative paths, as setuptools wants them; sorted so builds are repeatable.
    os.chdir(ROOT)
    binding = unity_sources(sorted(glob('cpp/python/*.cpp')), 'binding')
    if archive:
        return binding
    return unity_sources(sorted(glob('cpp/src/**/*.cpp', recursive=True)), 'core') + binding


def newest_input():
    """The newest header or source: a unit holds several sources, so an
    object is fresh only when it is newer than every one of them."""
    files = glob(os.path.join(ROOT, 'cpp', '**', '*.[ch]pp'), recursive=True)
    return max(os.path.getmtime(f) for f in files)


class parallel_build_ext(build_ext):
    """Compiles the sources of the one extension side by side (setuptools
    compiles them one after another; NDCG_JOBS, default every core), and
    leaves an object newer than every source and header as it is, so a
    wheel and an install from one checkout compile once."""

    def build_extensions(self):
        compile_one = self.compiler.compile
        jobs = int(os.environ.get('NDCG_JOBS', os.cpu_count() or 1))
        newest = newest_input()
        fresh = self.same_flags()
        self.force = self.force or not fresh  # new flags: compile and link again, whatever the times say
        # setuptools links again only when a unit or a depends is newer than the extension, and a
        # unit only includes the sources: an edited source or header must say so itself.
        self.force = self.force or any(self.older_than(e, newest) for e in self.extensions)

        def compile_file(f, output_dir=None, **kwargs):
            obj = self.compiler.object_filenames([f], output_dir=output_dir)[0]
            if fresh and os.path.exists(obj) and os.path.getmtime(obj) > max(os.path.getmtime(f), newest):
                return [obj]
            return compile_one([f], output_dir=output_dir, **kwargs)

        def compile_all(files, output_dir=None, macros=None, include_dirs=None, debug=0, extra_preargs=None,
                        extra_postargs=None, depends=None):
            options = dict(macros=macros, include_dirs=include_dirs, debug=debug, extra_preargs=extra_preargs,
                           extra_postargs=extra_postargs, depends=depends)
            with ThreadPoolExecutor(max(1, jobs)) as pool:
                objects = pool.map(lambda f: compile_file(f, output_dir, **options), files)
                return [o for part in objects for o in part]

        self.compiler.compile = compile_all
        super().build_extensions()
        with open(self.stamp(), 'w') as f:
            f.write(self.flags())

    def older_than(self, ext, when):
        path = self.get_ext_fullpath(ext.name)
        return not os.path.exists(path) or os.path.getmtime(path) < when

    def flags(self):
        return repr([(e.extra_compile_args, e.include_dirs, self.compiler.compiler_so) for e in self.extensions])

    def stamp(self):
        os.makedirs(self.build_temp, exist_ok=True)
        return os.path.join(self.build_temp, 'ndcg-flags.txt')

    def same_flags(self):
        """True when the objects in build_temp were compiled with these flags
        (the stamp written after the last build says which)."""
        try:
            with open(self.stamp()) as f:
                return f.read() == self.flags()
        except OSError:
            return False


def core_archive():
    """The core as CMake's native build compiled it (NDCG_CORE_ARCHIVE, e.g.
    build/native/libndcg_core.a, which npm test passes): the same sources and
    flags, position-independent, so the extension compiles only the binding.
    Empty when unset: the core is compiled here."""
    path = os.environ.get('NDCG_CORE_ARCHIVE', '')
    if path and not os.path.isfile(path):
        sys.exit(f'setup.py: NDCG_CORE_ARCHIVE names {path}, which is not a file')
    return os.path.abspath(path) if path else ''


def extension():
    archive = core_archive()
    return Extension(
        'ndcg_calc._core',
        sources=sources(archive),
        extra_objects=[archive] if archive else [],
        depends=[archive] if archive else [],
        include_dirs=['cpp/include', 'cpp/src', 'cpp/python', pybind11_include()],
        language='c++',
        # As CMake's Release build of the command; fast_float and {fmt} are header-only, from /usr/include.
        extra_compile_args=['-std=c++17', '-O3', '-g0', '-fvisibility=hidden', '-DNDEBUG'],
        extra_link_args=['-pthread'],
        # gzip inputs are unpacked by zlib (Debian's zlib1g-dev), as in the command.
        libraries=['z'],
    )


if __name__ == '__main__':  # as pip and build run it; tests import it for pybind11_include
    setup(ext_modules=[extension()], cmdclass={'build_ext': parallel_build_ext})
