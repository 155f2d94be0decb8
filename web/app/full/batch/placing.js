// Where files opened or dropped in batch and compare modes go. A LETOR file
// holds the judgments (its labels), so it goes to the judgments box and the
// run boxes take its predictions; a LightGBM .query or XGBoost .group file
// goes to the group slot; several files at once are shared out by what
// their first lines hold (the core's inputKind), the rest in the order given. Only the
// first 64 KB of each file is looked at here; the core reads it all.
import { kindOf } from './engine.js';
import { RUN_BOXES, runBoxes } from '../../shared/state.js';

const HEAD = 65536;

/** The first 64 KB of `file` as text, gunzipped when it is gzip ('' when it cannot be read). */
export async function headOfFile(file) {
  try {
    const magic = new Uint8Array(await file.slice(0, 2).arrayBuffer());
    let stream = file.stream();
    if (magic[0] === 0x1f && magic[1] === 0x8b) stream = stream.pipeThrough(new DecompressionStream('gzip'));
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (text.length < HEAD) {
      const step = await reader.read();
      if (step.done) return text + decoder.decode();
      text += decoder.decode(step.value, { stream: true });
    }
    reader.cancel().catch(() => {});
    // A cut line says nothing reliable.
    return text.slice(0, Math.max(0, text.lastIndexOf('\n')));
  } catch {
    return '';
  }
}

/** A file's kind: kindOf its head, or 'group' for a .query or .group file of numbers. */
export function fileKind(api, name, head) {
  const kind = kindOf(api, head);
  return /\.(query|group)(\.gz)?$/i.test(name) && (kind === 'numbers' || kind === '') ? 'group' : kind;
}

const isLetor = (kind) => kind === 'letor' || kind === 'letor-bare';

// One file: where the user put it, unless its kind says where it belongs.
function placeOne(kind, box, letorQrels) {
  if (isLetor(kind)) return 'qrels';
  if (kind === 'group') return 'group';
  return kind === 'numbers' && box === 'qrels' && letorQrels ? 'ranking' : box;
}

// Which file of several holds the judgments: LETOR, then what reads as qrels, then a name that says so.
function judgmentsOf(items) {
  const by = (test) => items.findIndex((it) => !it.box && test(it));
  const at = [by((it) => isLetor(it.kind)), by((it) => it.kind === 'qrels'), by((it) => it.kind === '' && /qrel|judg|label/i.test(it.file.name))]
    .find((i) => i >= 0);
  return at === undefined ? -1 : at;
}

/**
 * Where each of `files` ([{file, kind}]) goes when dropped on `box`:
 * [{file, kind, box}] with box a text box or 'group'; files with no place
 * left (a second run in batch mode) are left out.
 */
export function placeFiles(files, box, mode, letorQrels) {
  if (files.length === 1) return [{ ...files[0], box: placeOne(files[0].kind, box, letorQrels) }];
  const items = files.map((f) => ({ ...f, box: f.kind === 'group' ? 'group' : '' }));
  const judged = judgmentsOf(items);
  if (judged >= 0) items[judged].box = 'qrels';
  const free = mode === 'compare' ? RUN_BOXES.slice(Math.max(0, RUN_BOXES.indexOf(box))) : ['ranking'];
  for (const it of items) if (!it.box && free.length) it.box = free.shift();
  return items.filter((it) => it.box);
}

/** The number of run boxes compare mode needs to show every box of `placed` (at least `runs`). */
export function runsFor(placed, runs) {
  const last = Math.max(-1, ...placed.map((p) => RUN_BOXES.indexOf(p.box)));
  return Math.max(runs, last + 1, runBoxes(runs).length);
}
