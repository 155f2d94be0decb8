// An error as the page shows it: where, what, the line with the bad part marked,
// and for an input of several queries a button per query.
import { errorText, t } from '../i18n.js';
import { button, h } from '../templates.js';

/** The UTF-16 index in `line` of the 1-based UTF-8 byte column the core reports. */
export function charIndexOfByteColumn(line, column) {
  if (column <= 1) return 0;
  const bytes = new TextEncoder().encode(line);
  const head = bytes.subarray(0, Math.min(column - 1, bytes.length));
  return new TextDecoder().decode(head).replace(/\uFFFD$/, '').length;
}

/** Where an error's line starts and the offending span within it. */
export function errorSpan(text, line, column) {
  const lines = text.split(/\r\n|\r|\n/);
  const raw = lines[line - 1];
  if (raw === undefined) return null;
  const body = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
  const bom = raw.length - body.length;
  const start = Math.min(charIndexOfByteColumn(body, column), body.length);
  const rest = body.slice(start);
  const token = rest.match(/^[^\s,|;，、]+/);
  const end = start + (token ? token[0].length : rest.length ? 1 : 0);
  let offset = 0;
  const re = /\r\n|\r|\n/g;
  for (let i = 1; i < line; i++) {
    const m = re.exec(text);
    if (!m) return null;
    offset = m.index + m[0].length;
  }
  return { lineText: body, start, end, offsetStart: offset + bom + start, offsetEnd: offset + bom + end };
}

const SNIPPET_MAX = 120;

function errorSnippet(lang, err, span, inBox) {
  // Show a window of the line around the error so long lines stay readable.
  const from = Math.max(0, Math.min(span.start - 40, span.lineText.length - SNIPPET_MAX));
  const to = Math.min(span.lineText.length, from + SNIPPET_MAX);
  const before = (from > 0 ? '…' : '') + span.lineText.slice(from, span.start);
  const bad = span.lineText.slice(span.start, Math.max(span.end, span.start)) || ' ';
  const after = span.lineText.slice(Math.max(span.end, span.start), to) + (to < span.lineText.length ? '…' : '');
  return h('div', { class: 'error-snippet' },
    h('p', { class: 'visually-hidden' }, t(lang, 'errorMarker')),
    h('pre', { class: 'error-line' },
      h('span', { class: 'error-gutter', 'aria-hidden': 'true' }, `${err.line} | `),
      before, h('mark', null, bad), after, '\n',
      h('span', { class: 'error-caret', 'aria-hidden': 'true' },
        `${' '.repeat(String(err.line).length + 3)}${' '.repeat([...before].length)}^`)),
    inBox ? button({ 'data-action': 'goto-error' }, t(lang, 'errorGoto')) : null);
}

/** A text of several queries is a choice to offer (which one to explain), not an error to show in red. */
export const isChoice = (err) => Boolean(err) && err.code === 'several-queries';

/** What went wrong, in bold (the input or a setting), and where: line and column. */
export function errorTitle(lang, err) {
  if (isChoice(err)) return [h('strong', null, t(lang, 'choiceTitle', { count: err.args.count }))];
  const aboutSetting = err.source === 'options' || (!err.line && !err.source);
  return [h('strong', null, t(lang, aboutSetting ? 'errorOption' : 'errorHeading')),
    err.line ? ` ${t(lang, 'errorWhere', { line: err.line, column: err.column })}` : ''];
}

// The offending line: the error's own excerpt (a file's line, engine.js), else that line of `text`.
function spanOf(err, text) {
  if (!err.line) return null;
  if (err.excerpt != null) return errorSpan(err.excerpt, 1, err.column);
  return typeof text === 'string' ? errorSpan(text, err.line, err.column) : null;
}

/**
 * The error panel for a structured error: where (line, column, which
 * input), what (translated from its code and args), and the offending line
 * (of `text`, or the error's excerpt of a file) with the bad part marked;
 * `inBox` when that text is the box's, to be selected there.
 */
export function errorPanel(lang, err, text, inWhat = err.source && err.source !== 'options' ? t(lang, `errorIn_${err.source}`) : '', inBox = true) {
  if (isChoice(err)) return [h('p', { class: 'error-title' }, errorTitle(lang, err)), queryPicker(lang, err.args)];
  const span = spanOf(err, text);
  return [
    h('p', { class: 'error-title' }, errorTitle(lang, err), inWhat ? ` ${inWhat}` : ''),
    h('p', { class: 'error-message' }, errorText(lang, err)),
    span ? errorSnippet(lang, err, span, inBox && err.excerpt == null) : null,
  ].filter(Boolean);
}

/** Text of several queries: one button per query it names, to explain that one, and one for TREC mode. */
function queryPicker(lang, args) {
  const names = String(args.queries || '').split(', ').filter((q) => q && q !== '...');
  return h('p', { class: 'query-picker' }, t(lang, 'pickQuery'), ' ',
    ...names.flatMap((q) => [button({ class: 'small', 'data-action': 'pick-query', 'data-query': q }, q), ' ']),
    button({ 'data-action': 'switch-trec' }, t(lang, 'switchToTrec')));
}
