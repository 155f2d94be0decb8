// The texts of the toolbar and of the page around the views (the title, the
// language button, loading), in English and Chinese. Strings may hold
// {name} placeholders, filled by t() in i18n.js.
export const TOOLBAR_TEXTS = {
  en: {
    title: 'NDCG@K calculator',
    titleSuffix: 'step by step',
    // The language button speaks the language it switches to (regions/toolbar.js sets its
    // lang), and its accessible name starts with the visible text (WCAG 2.5.3).
    langButton: '中文',
    langButtonLabel: '中文：将页面切换为中文',
    loading: 'Starting the calculator…',
    loadFailed: 'The calculator could not start: {message}',
    openFull: 'Open in the full calculator',
  },
  zh: {
    title: 'NDCG@K 计算器',
    titleSuffix: '逐步计算',
    langButton: 'English',
    langButtonLabel: 'English: switch the page to English',
    loading: '计算器启动中……',
    loadFailed: '计算器无法启动：{message}',
    openFull: '在完整版计算器中打开',
  },
};
