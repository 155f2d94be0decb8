// Deterministic TREC run and qrels of a given size, for benchmarks.
// Usage: node bench/gen.mjs LINES OUT_PREFIX   (writes OUT_PREFIX.run and .qrels)

/** A small seeded generator (mulberry32), so every run sees the same data. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Returns { run, qrels } texts with about `lines` run lines. */
export function makeRun(lines, seed = 1) {
  const rand = seeded(seed);
  const run = [];
  const qrels = [];
  for (let q = 1; run.length < lines; q++) {
    const n = Math.min(1 + Math.floor(rand() * 200), lines - run.length);
    for (let i = 0; i < n; i++) {
      const doc = `d${q}-${i}`;
      run.push(`${q} Q0 ${doc} ${i + 1} ${(rand() * 10).toFixed(Math.floor(rand() * 3))} bench`);
      if (rand() < 0.6) qrels.push(`${q} 0 ${doc} ${Math.floor(rand() * 5) - (rand() < 0.05 ? 1 : 0)}`);
    }
    qrels.push(`${q} 0 unretrieved-${q} ${1 + Math.floor(rand() * 3)}`);
  }
  return { run: run.join('\n') + '\n', qrels: qrels.join('\n') + '\n' };
}

/**
 * One ranking of `items` lines "id score grade" (grades 0..4, scores with
 * ties, ids with an underscore that Markdown and LaTeX escape).
 */
export function makeRanking(items, seed = 1) {
  const rand = seeded(seed);
  const lines = [];
  for (let i = 1; i <= items; i++) lines.push(`doc_${i} ${(rand() * 100).toFixed(2)} ${Math.floor(rand() * 5)}`);
  return lines.join('\n') + '\n';
}
