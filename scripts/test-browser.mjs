// The browser suite with one Chromium for all its files: a browser server
// from launchOptions() that each file's launch() connects to
// (NDCG_BROWSER_WS), instead of a Chromium started and stopped for each of
// the twenty-odd files. The arguments are node --test's.
//   node scripts/test-browser.mjs --test-concurrency=2 tests/browser/
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { launchOptions } from '../tests/browser/_helpers.mjs';

const server = await chromium.launchServer(launchOptions());
const child = spawn(process.execPath, ['--test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, NDCG_BROWSER_WS: server.wsEndpoint() },
});
const status = await new Promise((done) => child.on('exit', (code) => done(code ?? 1)));
await server.close();
process.exit(status);
