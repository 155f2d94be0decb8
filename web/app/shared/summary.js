// What the page says about a text kept out of its box: its size, lines and
// detected format. Shared by every view (a long paste) and by the batch
// engine, whose worker runs these from their source text (see
// ENGINE_FUNCTIONS in full/batch/engine.js): no imports, no module-level
// constants.

/** Lines in `text` (a last line without a break counts). */
export function lineCount(text) {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return text.length && !text.endsWith('\n') ? n + 1 : n;
}

/** What the page says about a loaded text: its size, lines (counted in it unless given) and detected format (from its first 64 KB). */
export function describeText(api, got, lines = lineCount(got.text)) {
  let head = got.text.slice(0, 65536);
  if (got.text.length > head.length && head.lastIndexOf('\n') > 0) head = head.slice(0, head.lastIndexOf('\n'));
  let format = null;
  try {
    format = head.trim() ? api.detectFormat(head) : null;
  } catch {
    format = null;
  }
  return { bytes: got.bytes, gzip: got.gzip, lines, format };
}
