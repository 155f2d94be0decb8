// <ndcg-calc grades="3,2,0,1,0,0,2,1,0,0" k="10"></ndcg-calc>
//
// A web component showing NDCG@K step by step for a ranking given in its
// attributes or children. It draws into a shadow root through the page's own
// compute step and regions, shares one wasm instance with every other
// <ndcg-calc> on the page, and makes no network request.
//
// Input: grades="3,2,0" | text="…" (any format) | a child
// <script type="text/plain"> or <template> holding the text (the same with
// data-qrels for judgments) | the element's own text; qrels="…".
// Options: every row of the module's option schema under its kebab-case
// name (preset, k, gain, gain-table, log-base, weights, ideal, ties, …);
// without k the whole list counts. lang (en | zh; else the page's language),
// theme (light | dark; else the system's), parts (see web/app/shared/parts.js).
// The explanation is element.result and the detail of a bubbling
// "ndcg-result" event; a bad input fires "ndcg-error".
import { loadApi } from '../app/shared/loader.js';
import { detectLang, t } from '../app/shared/i18n.js';
import { compute } from '../app/shared/compute.js';
import { kebab, pageOnly, readOption, takeImplied } from '../app/shared/option-rows.js';
import { applyPreset, specOf } from '../app/shared/state.js';
import { readParts } from '../app/shared/parts.js';
import { h } from '../app/shared/templates.js';
import { bindInput, mountInput, renderInput } from '../app/shared/regions/input.js';
import { mountResults, renderResults, setParts, showMessage } from '../app/shared/regions/results.js';
import { adoptStyles } from './styles.js';

let sharedSpec = null;

/** The text of the first <script type="text/plain"> or <template> child (with data-qrels or without). */
function childText(el, qrels) {
  for (const child of el.children) {
    if (child.hasAttribute('data-qrels') !== qrels) continue;
    if (child.localName === 'template') return child.content.textContent.trim();
    if (child.localName === 'script' && child.type === 'text/plain') return child.textContent.trim();
  }
  return null;
}

function inputOf(el) {
  if (el.hasAttribute('grades')) return el.getAttribute('grades');
  if (el.hasAttribute('text')) return el.getAttribute('text');
  const child = childText(el, false);
  if (child !== null) return child;
  // The element's own text, without that of children such as a judgments script.
  return Array.from(el.childNodes, (n) => (n.nodeType === 3 ? n.data : '')).join('').trim();
}

function qrelsOf(el) {
  return el.getAttribute('qrels') ?? childText(el, true) ?? '';
}

/** The state an element's attributes describe: {state} or {state, error} for the first bad attribute. */
function stateOf(el, spec, typed) {
  let state = { ...spec.defaults, text: typed.text ?? inputOf(el), qrels: qrelsOf(el) };
  const preset = el.getAttribute('preset');
  if (preset !== null) {
    const read = readOption(spec.byKey.get('preset'), preset);
    if (read.error) return { state, error: read.error };
    state = applyPreset(spec, state, preset);
  }
  for (const row of spec.rows) {
    const attr = kebab(row.key);
    if (row.key === 'preset' || pageOnly(row) || !el.hasAttribute(attr)) continue;
    const read = readOption(row, el.getAttribute(attr));
    if (read.error) return { state, error: read.error };
    state[row.key] = read.value;
    takeImplied(state, row, (k) => el.hasAttribute(kebab(k)));
  }
  // A preset chosen in the element's own comparison table.
  if (typed.preset) state = applyPreset(spec, state, typed.preset);
  return { state };
}

/** The element's language: its lang attribute, else its document's, else the browser's. */
function langOf(el) {
  const asked = (el.getAttribute('lang') || el.parentElement?.closest('[lang]')?.getAttribute('lang') || '').toLowerCase().split('-')[0];
  return asked === 'zh' || asked === 'en' ? asked : detectLang(navigator.languages || [navigator.language]);
}

/** Builds the shadow tree: the input region (its box shown with the "input" part, its error box always) and the results. */
function mountShadow(root) {
  adoptStyles(root);
  const input = h('div', { class: 'ndcg-input' });
  const results = h('div');
  const body = h('div', { class: 'ndcg-calc', part: 'body' }, input, results);
  root.appendChild(body);
  return { body, input: mountInput(input, { full: false }), results: mountResults(results, { full: false, heading: false }) };
}

/** Shows the ranking box, its label and status with the "input" part; the error box under it stays. */
function showInput(region, visible) {
  for (const el of region.root.querySelectorAll('.field > :not(.error-box)')) el.hidden = !visible;
}

class NdcgCalcElement extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this._view = mountShadow(this.shadowRoot);
    this._typed = {};
    this._queued = false;
    this._limit = 100;
    this._version = 0;
    this.result = null;
    this.shadowRoot.addEventListener('click', (e) => this._action(e));
    const typed = (value) => { this._typed.text = value; this._queue(); };
    bindInput(this._view.input, {
      text: typed,
      bigText: (box, value) => { if (box === 'ranking') typed(value); },
      qrels: () => {},
      mode: () => {},
      openFile: () => {},
    });
  }

  connectedCallback() {
    if (!this._observer) {
      // Attributes and children are both inputs; a change to them wins over what was typed inside.
      this._observer = new MutationObserver(() => { this._typed = {}; this._queue(); });
      this._observer.observe(this, { attributes: true, childList: true, characterData: true, subtree: true });
    }
    this._queue();
  }

  disconnectedCallback() {
    if (this._observer) this._observer.disconnect();
    this._observer = null;
  }

  _action(e) {
    const button = e.target instanceof Element ? e.target.closest('[data-action]') : null;
    if (!button) return;
    if (button.dataset.action === 'more-rows') {
      this._limit = button.dataset.count === 'all' ? Infinity : this._limit + Number(button.dataset.count);
    } else if (button.dataset.action === 'use-preset') {
      this._typed.preset = button.dataset.preset;
    } else {
      return;
    }
    this._queue();
  }

  _queue() {
    if (this._queued) return;
    this._queued = true;
    queueMicrotask(() => {
      this._queued = false;
      this._render();
    });
  }

  async _render() {
    const lang = langOf(this);
    this._view.body.setAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
    let api;
    try {
      api = await loadApi();
    } catch (e) {
      showMessage(this._view.results, t(lang, 'loadFailed', { message: e.message }), 'error-box');
      return;
    }
    // Without a k attribute the whole list counts, as in the API.
    if (!sharedSpec) sharedSpec = specOf(api, { preset: 'document' });
    const { state, error: attrError } = stateOf(this, sharedSpec, this._typed);
    const model = attrError ? { error: attrError } : compute(api, sharedSpec, state);
    this._show(lang, state, model);
  }

  _show(lang, state, model) {
    const parts = readParts(this.getAttribute('parts'));
    const error = model.error || null;
    const view = this._view;
    showInput(view.input, parts.has('input'));
    renderInput(view.input, lang, { state, inputStatus: model.inputStatus, error }, error ? { region: 'input', box: 'ranking' } : null);
    const partsKey = [...parts].join();
    if (partsKey !== this._partsKey) setParts(view.results, parts);
    this._partsKey = partsKey;
    view.results.root.hidden = Boolean(error);
    this.result = error || !model.analysis ? null : model.analysis.explanation;
    if (error) {
      this.dispatchEvent(new CustomEvent('ndcg-error', { detail: error, bubbles: true, composed: true }));
      return;
    }
    renderResults(view.results, lang, {
      ...model, state, version: ++this._version, rowLimit: { dcg: this._limit, idcg: this._limit }, stale: false, presetOptions: sharedSpec.presets,
    });
    if (this.result) this.dispatchEvent(new CustomEvent('ndcg-result', { detail: this.result, bubbles: true, composed: true }));
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('ndcg-calc')) customElements.define('ndcg-calc', NdcgCalcElement);
