// One evaluateTrec call in Node on files, for bench/trec.mjs (which times
// the whole process and reads its peak memory). Prints the call's seconds.
// --bytes passes the files' bytes (Buffers), not strings: read while the
// module starts, as a program that needs both would (each file's one read()
// runs on libuv's threads, a second core, as the module unpacks and compiles
// on the main thread). --files passes file: URLs, which the module reads
// itself, straight into its memory.
// Usage: node bench/trec-node.mjs [--bytes | --files] MODULE QRELS RUN [MEASURE...]
import { fstatSync, openSync, read, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const mode = ['--bytes', '--files'].includes(args[0]) ? args.shift() : '--text';
const bytes = mode === '--bytes';
const [modulePath, qrelsPath, runPath, ...measures] = args;

// A whole file read from now on (one read() unless it returns short); its bytes, or its text.
function readWhole(path) {
  const fd = openSync(path, 'r');
  const buffer = Buffer.allocUnsafe(fstatSync(fd).size);
  return new Promise((done, fail) => {
    const from = (at) => read(fd, buffer, at, buffer.length - at, at, (e, n) => {
      if (!e && n > 0 && at + n < buffer.length) return from(at + n);
      closeSync(fd);
      if (e || at + n !== buffer.length) return fail(e ?? new Error(`${path} changed while read`));
      done(bytes ? buffer : buffer.toString('utf8'));
    });
    from(0);
  });
}

const files = mode === '--files' ? [pathToFileURL(qrelsPath), pathToFileURL(runPath)] : [readWhole(qrelsPath), readWhole(runPath)];
const api = await createRequire(import.meta.url)(resolve(modulePath))();
const [qrels, run] = await Promise.all(files);
const started = process.hrtime.bigint();
const r = api.evaluateTrec(qrels, run, { measures });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(JSON.stringify({ seconds, numQ: r.numQ }));
