// <ndcg-calc grades="3,2,0,1,0,0,2,1,0,0" k="10"></ndcg-calc>
//
// A web component showing the headline and the DCG / IDCG step tables for a
// ranking given in attributes (or as the element's text). It renders into a
// shadow root with the page's stylesheet and shares one wasm instance with
// every other <ndcg-calc> on the page.
//
// Attributes: grades | text (any input format) | qrels, k, preset, gain,
// gain-table, log-base, weights, ideal, ties, zero-idcg, negatives,
// decimals, lang (en | zh), theme (light | dark). The computed explanation
// is available as element.result and announced with an "ndcg-result" event.
import { loadApi } from '../app/loader.js';
import { detectLang, t } from '../app/i18n.js';
import { cutLabel, parseNumberList } from '../app/state.js';
import * as T from '../app/templates.js';

const { h } = T;

const ENUM_ATTRS = { preset: 'preset', gain: 'gain', ideal: 'ideal', ties: 'ties', 'zero-idcg': 'zeroIdcg', negatives: 'negatives' };
const OBSERVED = ['grades', 'text', 'qrels', 'k', 'gain-table', 'log-base', 'weights', 'decimals', 'lang', 'theme', ...Object.keys(ENUM_ATTRS)];

/* global __NDCG_CALC_CSS__ */
const CSS = typeof __NDCG_CALC_CSS__ === 'string' ? __NDCG_CALC_CSS__ : '';
let sheet = null;

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

/** The options an element's attributes ask for; throws an Error naming a bad one. */
function optionsOf(el) {
  const options = {};
  for (const [attr, key] of Object.entries(ENUM_ATTRS)) {
    if (el.hasAttribute(attr)) options[key] = el.getAttribute(attr);
  }
  if (el.hasAttribute('k')) {
    const k = Number(el.getAttribute('k'));
    if (!Number.isSafeInteger(k) || k < 0) throw new Error(`k must be a whole number, 0 or more, got "${el.getAttribute('k')}"`);
    options.k = k;
  }
  if (el.hasAttribute('log-base')) options.logBase = Number(el.getAttribute('log-base'));
  if (el.hasAttribute('gain-table')) options.gainTable = parseNumberList(el.getAttribute('gain-table'));
  if (el.hasAttribute('weights')) options.weights = parseNumberList(el.getAttribute('weights'));
  if (el.hasAttribute('qrels')) options.qrels = el.getAttribute('qrels');
  const decimals = Number(el.getAttribute('decimals') || 3);
  options.decimals = Number.isInteger(decimals) && decimals >= 0 && decimals <= 12 ? decimals : 3;
  return options;
}

function inputOf(el) {
  if (el.hasAttribute('grades')) return el.getAttribute('grades');
  if (el.hasAttribute('text')) return el.getAttribute('text');
  return el.textContent.trim();
}

class NdcgCalcElement extends HTMLElement {
  static get observedAttributes() {
    return OBSERVED;
  }

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    adoptStyles(this.shadowRoot);
    this._body = h('div', { class: 'ndcg-calc', part: 'body' });
    this.shadowRoot.appendChild(this._body);
    this._queued = false;
    this._limit = 100;
    this.result = null;
    this.shadowRoot.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('[data-action="more-rows"]') : null;
      if (!button) return;
      this._limit = button.dataset.count === 'all' ? Infinity : this._limit + Number(button.dataset.count);
      this._queue();
    });
  }

  connectedCallback() {
    if (!this._observer) {
      // Text content is an input too: <ndcg-calc k="5">3 2 0 1</ndcg-calc>
      this._observer = new MutationObserver(() => this._queue());
      this._observer.observe(this, { childList: true, characterData: true, subtree: true });
    }
    this._queue();
  }

  disconnectedCallback() {
    if (this._observer) this._observer.disconnect();
    this._observer = null;
  }

  attributeChangedCallback() {
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
    const lang = this.getAttribute('lang') === 'zh' || this.getAttribute('lang') === 'en'
      ? this.getAttribute('lang') : detectLang(navigator.languages || [navigator.language]);
    let api;
    try {
      api = await loadApi();
    } catch (e) {
      this._show([h('p', { class: 'error-box' }, t(lang, 'loadFailed', { message: e.message }))], lang);
      return;
    }
    const input = inputOf(this);
    let options;
    let r;
    try {
      options = optionsOf(this);
      r = api.explain(input, options);
    } catch (e) {
      this.result = null;
      this._show([h('div', { class: 'error-box', role: 'alert' }, T.errorPanel(lang, e, input).filter(Boolean))], lang);
      this.dispatchEvent(new CustomEvent('ndcg-error', { detail: { message: e.message, line: e.line || 0, column: e.column || 0 } }));
      return;
    }
    const d = options.decimals;
    const kl = cutLabel(r.k);
    const opts = { gain: r.options.gain, logBase: r.options.log_base };
    const marked = new Set(T.biggestLosses(r.loss));
    this.result = r;
    this._show([
      T.headline(lang, r, d),
      h('h3', null, t(lang, 'step1', { k: kl })),
      T.stepTable(lang, 'dcg', r, opts, d, this._limit, marked),
      h('p', { class: 'sum-line' }, T.sumLine(`DCG${kl}`, r.steps, r.dcg, d)),
      h('h3', null, t(lang, 'step2', { k: kl })),
      T.stepTable(lang, 'idcg', r, opts, d, this._limit, null),
      h('p', { class: 'sum-line' }, T.sumLine(`IDCG${kl}`, r.ideal_steps, r.idcg, d)),
      T.roundingNotes(lang, r, d),
    ].flat(), lang);
    for (const fill of this._body.querySelectorAll('.meter-fill')) fill.style.width = `${(Number(fill.dataset.fraction) * 100).toFixed(2)}%`;
    this.dispatchEvent(new CustomEvent('ndcg-result', { detail: r }));
  }

  _show(nodes, lang) {
    this._body.setAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
    this._body.replaceChildren(...nodes);
  }
}

if (!customElements.get('ndcg-calc')) customElements.define('ndcg-calc', NdcgCalcElement);
