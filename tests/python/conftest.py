"""Shared helpers: the repository's data and the native command, whose
output the package must match (build/native/ndcg, or NDCG_BIN)."""
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PARITY = ROOT / 'tests' / 'data' / 'trec-parity'
QRELS = PARITY / 'set1.qrels'
RUN = PARITY / 'set1.run'
WORKED = '3 2 0 1 0 0 2 1 0 0'
BIN = os.environ.get('NDCG_BIN', str(ROOT / 'build' / 'native' / 'ndcg'))


def cli(*args, stdin=None):
    """The native command's stdout; a failure is an AssertionError with its stderr."""
    if not os.path.exists(BIN):
        pytest.fail('the native command %s is not built (cmake --build build/native --target ndcg)' % BIN)
    done = subprocess.run([BIN, *map(str, args)], input=stdin, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode()


def cli_error(*args, stdin=None):
    """The command's exit status and stderr for input it refuses."""
    done = subprocess.run([BIN, *map(str, args)], input=stdin, capture_output=True)
    return done.returncode, done.stderr.decode()
