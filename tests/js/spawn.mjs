// Running a command with text on its standard input, for every suite that
// does (kept apart from helpers.mjs, which loads dist/ndcg.js: the sanitizer
// run uses this without the wasm build).
import { spawnSync } from 'node:child_process';

/**
 * spawnSync, except that a child which exits before reading all its input
 * is not an error. Node reports that as EPIPE on the child's stdin (a bad
 * option is rightly refused before the input is read, and under load the
 * child can be gone before the first write), yet the child ran and left its
 * status, signal and output: those are what the caller checks. Any other
 * error (ETIMEDOUT, ENOENT, a full buffer) is kept.
 */
export function runProcess(command, args, options = {}) {
  const r = spawnSync(command, args, options);
  const exited = r.status !== null || r.signal !== null;
  if (r.error && r.error.code === 'EPIPE' && exited) return { ...r, error: undefined };
  return r;
}
