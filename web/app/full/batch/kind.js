// What a batch input seems to hold, from its first lines: only to put a
// file in the right box and to ask for what LETOR still lacks (the core
// reads the input and says how). The batch engine's worker runs it from its
// source text (ENGINE_FUNCTIONS in engine.js): no imports, no module-level
// constants. Only the full page carries it.

/**
 * What a batch input seems to hold, from its first lines, to put a file in
 * the right box (the core reads it, and says how): 'letor' (LETOR lines with
 * qid:), 'letor-bare' (without: a group file says where queries end),
 * 'numbers' (one number a line: predictions or group sizes), 'qrels', 'run',
 * or '' when the lines do not say.
 */
export function inputKind(head) {
  const lines = head.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() && !/^\s*#/.test(l)).slice(0, 20);
  if (lines.length === 0) return '';
  if (lines.every((l) => /^\s*[-+]?\d+(\.\d*)?\s+(qid:\S+\s+)?\d+:\S/.test(l))) return /\sqid:\S/.test(lines[0]) ? 'letor' : 'letor-bare';
  if (lines.every((l) => /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(l))) return 'numbers';
  const first = lines[0].trim();
  const judged = /(^|[\s,"])(rel|relevance|grade|label|y_true|gain|judge?ments?|qrels?)("?\s*[:,\t]|\s*$)/i;
  if (first[0] === '{' || first[0] === '[') {
    const start = lines.slice(0, 3).join(' ');
    if (judged.test(start)) return 'qrels';
    return /"(score|rank|pred|prediction)"\s*:/i.test(start) ? 'run' : '';
  }
  const fields = first.split(/\s+/);
  if (fields.length === 4 && /^\d+$/.test(fields[3])) return 'qrels';
  if (fields.length >= 6 && !/[,\t]/.test(first)) return 'run';
  const header = first.toLowerCase().split(/\s*[,\t]\s*/);
  if (header.some((c) => judged.test(c)) || (header.includes('corpus-id') && !header.includes('rank'))) return 'qrels';
  return header.length > 1 ? 'run' : '';
}

/**
 * An error of LETOR's predictions or group file as the page words it: the
 * core says a count of lines is off as it says a count of fields is
 * (field-count), and a query met again as in a run; with LETOR judgments
 * the page names what was counted, and what to group.
 */
export function letorError(err, letor) {
  if (!err || !letor) return err;
  if (err.code === 'ungrouped-run' && err.source === 'qrels') return { ...err, code: 'letor-ungrouped' };
  // A line of several numbers is a count of fields after all (its column is past the first).
  if (err.code !== 'field-count' || err.column > 1) return err;
  if (err.source === 'run') return { ...err, code: 'prediction-count' };
  return err.source === 'group' ? { ...err, code: 'group-count' } : err;
}
