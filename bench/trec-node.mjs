// One evaluateTrec call in Node on files, for bench/trec.mjs (which times
// the whole process and reads its peak memory). Prints the call's seconds.
// Usage: node bench/trec-node.mjs MODULE QRELS RUN [MEASURE...]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const [modulePath, qrelsPath, runPath, ...measures] = process.argv.slice(2);
const api = await createRequire(import.meta.url)(resolve(modulePath))();
const qrels = readFileSync(qrelsPath, 'utf8');
const run = readFileSync(runPath, 'utf8');
const started = process.hrtime.bigint();
const r = api.evaluateTrec(qrels, run, { measures });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(JSON.stringify({ seconds, numQ: r.numQ }));
