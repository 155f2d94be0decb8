// <ndcg-calc grades="3,2,0,1,0,0,2,1,0,0" k="10"></ndcg-calc>
//
// A web component showing the headline and the DCG / IDCG step tables for a
// ranking given in attributes (or as the element's text). It renders into a
// shadow root with the page's stylesheet, through the page's own compute
// step and results region, and shares one wasm instance with every other
// <ndcg-calc> on the page.
//
// Attributes: grades | text (any input format) | qrels, lang (en | zh),
// theme (light | dark), and every option of the module's schema under its
// kebab-case name: preset, k, gain, gain-table, log-base, weights, ideal,
// ties, zero-idcg, negatives, decimals, … Without k the whole list counts.
// The computed explanation is available as element.result and announced
// with an "ndcg-result" event; an error with an "ndcg-error" event.
import { loadApi } from '../app/loader.js';
import { detectLang, t } from '../app/i18n.js';
import { compute } from '../app/compute.js';
import { kebab, readOption } from '../app/options.js';
import { applyPreset, specOf } from '../app/state.js';
import { h } from '../app/templates.js';
import { renderErrorBox } from '../app/regions/input.js';
import { mountResults, renderResults, showMessage } from '../app/regions/results.js';

/* global __NDCG_CALC_CSS__ */
const CSS = typeof __NDCG_CALC_CSS__ === 'string' ? __NDCG_CALC_CSS__ : '';
let sheet = null;
let sharedSpec = null;

function adoptStyles(root) {
  if (!CSS) return;
  try {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } catch {
    // Browsers without constructable stylesheets: a <style> element.
    root.appendChild(h('style', null, CSS));
  }
}

function inputOf(el) {
  if (el.hasAttribute('grades')) return el.getAttribute('grades');
  if (el.hasAttribute('text')) return el.getAttribute('text');
  return el.textContent.trim();
}

/** The state an element's attributes describe: {state} or {state, error} for the first bad attribute. */
function stateOf(el, spec) {
  let state = { ...spec.defaults, text: inputOf(el), qrels: el.getAttribute('qrels') || '' };
  const preset = el.getAttribute('preset');
  if (preset !== null) {
    const read = readOption(spec.byKey.get('preset'), preset);
    if (read.error) return { state, error: read.error };
    state = applyPreset(spec, state, preset);
  }
  for (const row of spec.rows) {
    const attr = kebab(row.key);
    if (row.key === 'preset' || row.trecOnly || !el.hasAttribute(attr)) continue;
    const read = readOption(row, el.getAttribute(attr));
    if (read.error) return { state, error: read.error };
    state[row.key] = read.value;
  }
  if (state.gainTable && !el.hasAttribute('gain')) state.gain = 'table';
  return { state };
}

function langOf(el) {
  const asked = el.getAttribute('lang');
  return asked === 'zh' || asked === 'en' ? asked : detectLang(navigator.languages || [navigator.language]);
}

class NdcgCalcElement extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    adoptStyles(this.shadowRoot);
    this._error = h('div', { class: 'error-box', role: 'alert', hidden: true });
    const results = h('div');
    this._body = h('div', { class: 'ndcg-calc', part: 'body' }, this._error, results);
    this.shadowRoot.appendChild(this._body);
    this._results = mountResults(results, { full: false, heading: false });
    this._queued = false;
    this._limit = 100;
    this._version = 0;
    this.result = null;
    this.shadowRoot.addEventListener('click', (e) => this._moreRows(e));
  }

  connectedCallback() {
    if (!this._observer) {
      // Attributes and text content are both inputs: <ndcg-calc k="5">3 2 0 1</ndcg-calc>
      this._observer = new MutationObserver(() => this._queue());
      this._observer.observe(this, { attributes: true, childList: true, characterData: true, subtree: true });
    }
    this._queue();
  }

  disconnectedCallback() {
    if (this._observer) this._observer.disconnect();
    this._observer = null;
  }

  _moreRows(e) {
    const button = e.target instanceof Element ? e.target.closest('[data-action="more-rows"]') : null;
    if (!button) return;
    this._limit = button.dataset.count === 'all' ? Infinity : this._limit + Number(button.dataset.count);
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
    this._body.setAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
    let api;
    try {
      api = await loadApi();
    } catch (e) {
      showMessage(this._results, t(lang, 'loadFailed', { message: e.message }), 'error-box');
      return;
    }
    // Without a k attribute the whole list counts, as in the API.
    if (!sharedSpec) sharedSpec = specOf(api, { preset: 'document' });
    const { state, error: attrError } = stateOf(this, sharedSpec);
    const model = attrError ? { error: attrError } : compute(api, sharedSpec, state);
    this._show(lang, state, model);
  }

  _show(lang, state, model) {
    const error = model.error || null;
    renderErrorBox(this._error, lang, error, state.text);
    this._results.root.hidden = Boolean(error);
    this.result = error || !model.analysis ? null : model.analysis.explanation;
    if (error) {
      this.dispatchEvent(new CustomEvent('ndcg-error', { detail: error }));
      return;
    }
    renderResults(this._results, lang, {
      ...model, state, version: ++this._version, rowLimit: { dcg: this._limit, idcg: this._limit }, stale: false,
    });
    if (this.result) this.dispatchEvent(new CustomEvent('ndcg-result', { detail: this.result }));
  }
}

if (!customElements.get('ndcg-calc')) customElements.define('ndcg-calc', NdcgCalcElement);
