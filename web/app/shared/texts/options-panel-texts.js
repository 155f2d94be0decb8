// The texts of the options panel: the preset the settings match, in
// English and Chinese.
export const OPTIONS_PANEL_TEXTS = {
  en: {
    presetDocumentName: 'document (the article)',
    presetMatches: 'These settings match {name}.',
    presetMatchesNone: 'These settings match no preset.',
  },
  zh: {
    presetDocumentName: '原文约定',
    presetMatches: '当前设置与 {name} 一致。',
    presetMatchesNone: '当前设置不对应任何预设。',
  },
};
