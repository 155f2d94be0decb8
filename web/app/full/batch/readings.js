// How the core read each batch input, said beside its box in the page's
// language. The core gives one line per input that is not plain TREC
// ("run read as CSV: query_id -> query, doc_id -> doc, score -> score");
// its few shapes (cpp/src/inputs) are taken apart here into fields, and
// the page words them from those fields. A line of another shape is shown
// as the core wrote it. tests/js/readings.test.mjs runs every shape
// through the core, so a change of its wording fails there, not on screen.
import { t } from '../../shared/i18n.js';
import { h } from '../../shared/templates.js';
import { count } from '../../shared/templates/numbers.js';

const ROLES = 'query|doc|score|rank|rel|tag';
const PAIR = new RegExp(`^(.+) -> (${ROLES})( \\(no rel (?:column|key): the score is the judgment\\))?$`);
const LETOR = /^LETOR: labels -> rel, (\d+) lines in (\d+) queries( \(from the group file\))?; doc ids (from #docid comments|are each line's position in its query)$/;
const TABLE = { CSV: 'csv', TSV: 'tsv', 'JSON records': 'json', 'JSON Lines records': 'jsonl' };

// "a -> query, b -> doc; ordered by rank (score = -rank); ignored: x" as fields.
function tableFields(format, text) {
  const [pairs, ...notes] = text.split('; ');
  const out = { format, pairs: [], scoreIsRel: false, positionIds: false, rankOrder: false, ignored: '' };
  for (const part of pairs.split(', ')) {
    const m = PAIR.exec(part);
    if (!m) return null;
    out.pairs.push([m[1], m[2]]);
    if (m[3]) out.scoreIsRel = true;
  }
  for (const note of notes) {
    if (/^doc ids: each (row|record)'s position in its query$/.test(note)) out.positionIds = true;
    else if (note === 'ordered by rank (score = -rank)') out.rankOrder = true;
    else if (note.startsWith('ignored: ')) out.ignored = note.slice(9);
    else return null;
  }
  return out;
}

// What follows "read as ".
function bodyFields(body) {
  if (body === 'TREC') return { format: 'trec' };
  if (body.startsWith('predictions: one score per line of ')) return { format: 'predictions' };
  const dict = /^JSON \{qid: \{docid: (score|rel)\}\}$/.exec(body);
  if (dict) return { format: 'dict', of: dict[1] };
  const letor = LETOR.exec(body);
  if (letor) return { format: 'letor', lines: Number(letor[1]), queries: Number(letor[2]), fromGroup: Boolean(letor[3]), docids: letor[4].startsWith('from') };
  const at = body.indexOf(': ');
  const format = at > 0 ? TABLE[body.slice(0, at)] : undefined;
  return format ? tableFields(format, body.slice(at + 2)) : null;
}

/**
 * One reading of the core as fields: { name, gzip, both, format, ... } for
 * the input called `name` (the longest of `names` it starts with), or
 * { name, raw } when its shape is not one of those above; null when it names
 * none of `names`.
 */
export function parseReading(line, names) {
  const name = names.filter((n) => line.startsWith(`${n} `)).sort((a, b) => b.length - a.length)[0];
  if (name === undefined) return null;
  let rest = line.slice(name.length);
  const gzip = rest.startsWith(' (gzip)');
  if (gzip) rest = rest.slice(7);
  if (!rest.startsWith(' read as ')) return { name, raw: line };
  let body = rest.slice(9);
  const both = body.endsWith(' (run and qrels in one file)');
  if (both) body = body.slice(0, -28);
  const fields = bodyFields(body);
  return fields ? { name, gzip, both, ...fields } : { name, raw: line };
}

const code = (text) => h('code', null, text);

// "query_id → query" ("score" alone when the file's name is the page's word).
function pairNodes(lang, [from, role]) {
  const word = t(lang, `col_${role}`);
  return from.toLowerCase() === word ? [code(from)] : [code(from), ` → ${word}`];
}

function tableNodes(lang, r, format) {
  const pairs = r.pairs.flatMap((p, i) => [...(i ? [t(lang, 'readSep')] : []), ...pairNodes(lang, p)]);
  const notes = [r.scoreIsRel ? 'readScoreIsRel' : '', r.positionIds ? 'readPositionIds' : '', r.rankOrder ? 'readByRank' : '', r.both ? 'readBoth' : '']
    .filter(Boolean).map((key) => ` ${t(lang, key)}`);
  return [t(lang, 'readBatchAs', { format }), ...pairs, t(lang, 'readEnd'), ...notes,
    ...(r.ignored ? [` ${t(lang, 'readIgnored')}`, code(r.ignored), t(lang, 'readEnd')] : [])];
}

/** A reading (parseReading's fields) as what the page shows: strings and <code> nodes, in `lang`. */
export function readingNodes(lang, r) {
  if (r.raw) return [t(lang, 'readCore'), code(r.raw)];
  const gz = r.gzip ? ' (gzip)' : '';
  const format = `${t(lang, `readFormat_${r.format}`)}${gz}`;
  if (r.format === 'trec' || r.format === 'predictions') return [t(lang, 'readBatchAsOnly', { format })];
  if (r.format === 'dict') return [t(lang, 'readBatchAs', { format }), code(`{qid: {docid: ${r.of}}}`), t(lang, 'readEnd')];
  if (r.format === 'letor') {
    return [t(lang, 'readBatchAs', { format }), t(lang, 'readLetor', { lines: count(r.lines), queries: count(r.queries) }),
      r.fromGroup ? t(lang, 'readFromGroup') : '', t(lang, r.docids ? 'readDocids' : 'readLinePosition')].filter(Boolean);
  }
  return tableNodes(lang, r, format);
}
