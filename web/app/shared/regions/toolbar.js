// The language and theme toolbar, and the page-wide texts that follow the
// language (document title, static labels).
import { t } from '../i18n.js';
import { byId, relabel } from './dom.js';

/** Puts the whole document in `lang`. */
export function applyLanguage(doc, lang) {
  doc.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  doc.title = `${t(lang, 'title')} · ${t(lang, 'titleSuffix')}`;
  relabel(doc, lang);
  const toggle = byId(doc, 'lang-toggle');
  if (toggle) toggle.lang = lang === 'zh' ? 'en' : 'zh';
}

/** True when the page shows dark colours: the chosen theme, else the system's. */
export function isDark(theme) {
  if (theme) return theme === 'dark';
  return Boolean(globalThis.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
}

export function renderTheme(doc, theme) {
  const html = doc.documentElement;
  if (theme) html.dataset.theme = theme;
  else delete html.dataset.theme;
  const button = byId(doc, 'theme-toggle');
  if (button) button.setAttribute('aria-pressed', String(isDark(theme)));
}

/** Connects the toolbar's buttons and the system theme to the handlers. */
export function bindToolbar(doc, handlers) {
  const on = (id, fn) => {
    const el = byId(doc, id);
    if (el) el.addEventListener('click', fn);
  };
  on('lang-toggle', () => handlers.toggleLang());
  on('theme-toggle', () => handlers.toggleTheme(isDark(doc.documentElement.dataset.theme || '')));
  on('copy-link', () => handlers.copyLink());
  if (globalThis.matchMedia) {
    const media = matchMedia('(prefers-color-scheme: dark)');
    if (media.addEventListener) media.addEventListener('change', () => handlers.systemTheme());
  }
}
