// One evaluateTrec call in Node on files, for bench/trec.mjs (which times
// the whole process and reads its peak memory). Prints the call's seconds.
// --bytes passes the files' bytes (Buffers), not strings.
// Usage: node bench/trec-node.mjs [--bytes] MODULE QRELS RUN [MEASURE...]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const bytes = args[0] === '--bytes';
const [modulePath, qrelsPath, runPath, ...measures] = bytes ? args.slice(1) : args;
const api = await createRequire(import.meta.url)(resolve(modulePath))();
const qrels = readFileSync(qrelsPath, bytes ? null : 'utf8');
const run = readFileSync(runPath, bytes ? null : 'utf8');
const started = process.hrtime.bigint();
const r = api.evaluateTrec(qrels, run, { measures });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(JSON.stringify({ seconds, numQ: r.numQ }));
