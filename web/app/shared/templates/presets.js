// Every preset side by side: the same ranking under each library's convention.
import { errorText, optionText, presetLabel, shortChoice, t } from '../i18n.js';
import { cutLabel } from '../state.js';
import { button, h, scrollTable } from '../templates.js';
import { fixed } from './numbers.js';
import { helpAttrs } from './steps.js';

/** Options shown beside each preset's NDCG: what most often makes libraries disagree. */
const PRESET_COLUMNS = ['gain', 'ideal', 'ties', 'zeroIdcg'];

function presetRowCells(lang, row, options, d) {
  const ndcg = h('td', { class: 'num term' }, row.error ? '' : row.ndcg === null ? t(lang, 'undefinedValue') : fixed(row.ndcg, d));
  if (row.error) return [ndcg, h('td', { class: 'text preset-error', colspan: String(PRESET_COLUMNS.length) }, errorText(lang, row.error))];
  return [ndcg, PRESET_COLUMNS.map((key) => h('td', { class: 'text' }, options && options[key] !== undefined ? shortChoice(lang, key, options[key]) : ''))];
}

/**
 * One row per preset: the NDCG it gives (next to its name, so it stays in
 * view on a phone), then its conventions; the current one marked.
 * @param {Array|null} rows the analysis's presets (null when the ranking is too large to compare)
 * @param {Map<string, object>} presetOptions preset name → its options
 */
export function presetTable(lang, rows, presetOptions, current, k, d) {
  if (!rows || !rows.length) return h('p', { class: 'note' }, t(lang, 'presetsTooLarge'));
  const col = (text, cls, key) => h('th', { scope: 'col', class: cls, ...helpAttrs(key) }, text);
  const head = h('tr', null, col(optionText(lang, 'preset'), 'text', 'preset'), col(`NDCG${cutLabel(k)}`, 'num', 'presetNdcg'),
    PRESET_COLUMNS.map((key) => col(optionText(lang, key), 'text', key)), h('td', null));
  const body = rows.map((row) => {
    const mine = row.name === current;
    const name = presetLabel(lang, row.name);
    return h('tr', { class: mine ? 'current' : null, 'aria-current': mine ? 'true' : null, 'data-preset': row.name },
      h('th', { scope: 'row', class: 'text' }, name), presetRowCells(lang, row, presetOptions.get(row.name), d),
      h('td', null, mine ? null : button({ class: 'small', 'data-action': 'use-preset', 'data-preset': row.name,
        'aria-label': t(lang, 'usePresetLabel', { name }) }, t(lang, 'usePreset'))));
  });
  return [
    h('p', { class: 'help' }, t(lang, 'presetsIntro')),
    scrollTable(lang, t(lang, 'presetsHeading'), { class: 'steps presets', id: 'table-presets' }, [h('thead', null, head), h('tbody', null, body)]),
  ];
}
