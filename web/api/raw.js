// The wasm module's plain C exports (cpp/wasm/bindings.cpp) as functions of
// JS values: texts go in as one block of length-prefixed UTF-8, replies come
// back as JSON whose number lists and large texts point into side blocks.
// Conversion only; api.js holds the API. `m` is the instance's exports.
const encoder = new TextEncoder();
const decoder = new TextDecoder();

// Views of the memory as it is now: it is replaced when it grows.
const bytesOf = (m) => new Uint8Array(m.memory.buffer);

function alloc(m, size) {
  const at = m.malloc(Math.max(size, 1));
  if (!at) throw new WebAssembly.RuntimeError('out of memory');
  return at;
}

// Writes texts (strings, or UTF-8 bytes as they are) as [u32 length][UTF-8 bytes]...; returns [address, size].
function pack(m, texts) {
  const parts = texts.map((t) => (typeof t === 'string' ? encoder.encode(t) : t));
  const size = parts.reduce((n, p) => n + 4 + p.length, 0);
  const at = alloc(m, size);
  let to = at;
  for (const p of parts) {
    new DataView(m.memory.buffer).setUint32(to, p.length, true);
    bytesOf(m).set(p, to + 4);
    to += 4 + p.length;
  }
  return [at, size];
}

function revive(value, numbers, bytes) {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => revive(v, numbers, bytes));
  if (value.$f) return numbers.slice(value.$f[0], value.$f[0] + value.$f[1]);
  if (value.$s) return decoder.decode(bytes.subarray(value.$s[0], value.$s[0] + value.$s[1]));
  for (const k of Object.keys(value)) value[k] = revive(value[k], numbers, bytes);
  return value;
}

// Reads the reply block {json, numbers, bytes} and frees it.
function reply(m, block) {
  const [json, jsonSize, nums, numsSize, bytes, bytesSize] = new Uint32Array(m.memory.buffer, block, 6);
  const heap = bytesOf(m);
  const value = JSON.parse(decoder.decode(heap.subarray(json, json + jsonSize)));
  const numbers = new Float64Array(heap.buffer, nums, numsSize);
  const out = revive(value, numbers, heap.subarray(bytes, bytes + bytesSize));
  m.ndcg_release();
  return out;
}

// One call with its texts packed; the block is freed whatever happens.
function withPack(m, texts, fn) {
  const [at, size] = pack(m, texts);
  try {
    return reply(m, fn(at, size));
  } finally {
    m.free(at);
  }
}

function optionPairs(keys, values) {
  return keys.flatMap((k, i) => [k, values[i]]);
}

function analyseGrades(m, grades, judgments, keys, values, compare, keep) {
  const at = alloc(m, grades.length * 8);
  try {
    new Float64Array(m.memory.buffer).set(grades, at >> 3);
    return withPack(m, [judgments, ...optionPairs(keys, values)],
      (p, size) => m.ndcg_analyse_grades(at, grades.length, p, size, compare, keep));
  } finally {
    m.free(at);
  }
}

/**
 * The module's exports as the functions api.js calls.
 * @param {WebAssembly.Exports} m the instance's exports (ndcg_*, malloc, free, memory)
 */
export function rawApi(m) {
  return {
    analyseText: (text, judgments, keys, values, compare, keep) =>
      withPack(m, [text, judgments, ...optionPairs(keys, values)], (at, size) => m.ndcg_analyse_text(at, size, compare, keep)),
    analyseGrades: (...args) => analyseGrades(m, ...args),
    renderKept: (id, format) => withPack(m, [format], (at, size) => m.ndcg_render_kept(id, at, size)),
    evaluateTrec: (qrels, run, subtopics, keys, values) =>
      withPack(m, [qrels, run, subtopics, ...optionPairs(keys, values)], (at, size) => m.ndcg_evaluate_trec(at, size)),
    compareRuns: (qrels, runs, keys, values) =>
      withPack(m, [qrels, String(runs.length), ...runs, ...optionPairs(keys, values)], (at, size) => m.ndcg_compare_runs(at, size)),
    presetList: () => reply(m, m.ndcg_preset_list()),
    optionSchema: () => reply(m, m.ndcg_option_schema()),
    batchOptionSchema: () => reply(m, m.ndcg_batch_option_schema()),
    errorCodes: () => reply(m, m.ndcg_error_codes()),
    matchingPreset: (keys, values) => withPack(m, optionPairs(keys, values), (at, size) => m.ndcg_matching_preset(at, size)),
    detectFormat: (text) => withPack(m, [text], (at, size) => m.ndcg_detect_format(at, size)),
    // The light module (cpp/wasm/bindings.cpp without batch.cpp) has no batch exports.
    hasBatch: typeof m.ndcg_evaluate_trec === 'function',
    memoryBytes: () => m.memory.buffer.byteLength,
  };
}
