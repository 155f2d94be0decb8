// Runs the batch engine (engine.js) off the main thread: a worker made from
// the module's own script text and the engine's functions through a blob:
// URL (no file, no network). Where no worker can be made (a CSP without
// worker-src blob:, no Worker at all) the same engine runs in the page:
// files are then read in chunks between which the page keeps answering.
import { ENGINE_FUNCTIONS, makeEngine, workerMain } from './engine.js';
import { loadApi } from '../../shared/loader.js';

/** The text of the page's module script (the one defining createNdcgModule), or ''. */
function moduleSource(doc) {
  const marked = doc.getElementById('ndcg-module');
  return marked && marked.textContent ? marked.textContent : '';
}

/** The worker's script: the module, the engine's functions, and the call that starts it. */
export function workerSource(moduleText) {
  return `${moduleText}\n;${ENGINE_FUNCTIONS.map(String).join('\n')}\n${workerMain.name}(self);\n`;
}

function inPage() {
  const engine = makeEngine(loadApi);
  let queue = Promise.resolve();
  return {
    kind: 'page',
    call(op, args, progress = () => {}) {
      engine.arrive(op, args, progress);
      const run = queue.then(() => engine[op](args, progress));
      queue = run.catch(() => {});
      return run;
    },
  };
}

// A worker that says it is ready; null when it cannot be made or fails before that.
function startWorker(source) {
  return new Promise((resolve) => {
    let url = '';
    try {
      url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
      const worker = new Worker(url);
      worker.onerror = () => { worker.terminate(); resolve(null); };
      worker.onmessage = (e) => { if (e.data && e.data.ready) resolve(worker); };
    } catch {
      resolve(null);
    } finally {
      // The worker has its script once it has started; the URL can go then.
      setTimeout(() => { if (url) URL.revokeObjectURL(url); }, 5000);
    }
  });
}

function inWorker(worker) {
  const pending = new Map();
  let next = 1;
  worker.onerror = null;
  worker.onmessage = (e) => {
    const job = pending.get(e.data.id);
    if (!job) return;
    if ('progress' in e.data) return job.progress(e.data.progress);
    pending.delete(e.data.id);
    if (e.data.error) job.reject(e.data.error);
    else job.resolve(e.data.value);
  };
  return {
    kind: 'worker',
    call(op, args, progress = () => {}) {
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, progress });
        worker.postMessage({ id, op, args });
      });
    },
  };
}

/**
 * The runner for `doc`: { kind: 'worker' | 'page', call(op, args, progress) }
 * with the engine's operations (load, evaluate, linesOf, text, forget, warm, render).
 * `noWorker` keeps it in the page.
 */
export async function createRunner(doc, { noWorker = false } = {}) {
  const text = noWorker || typeof Worker !== 'function' ? '' : moduleSource(doc);
  const worker = text ? await startWorker(workerSource(text)) : null;
  return worker ? inWorker(worker) : inPage();
}
