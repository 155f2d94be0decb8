// Texts of the export panel, loaded with export-panel.js.
import { addTexts } from '../../shared/i18n.js';

const en = {
  exportHeading: 'Export',
  exportIntro: 'The same report the command-line tool prints, from the same code.',
  export_markdown: 'Markdown',
  export_csv: 'CSV',
  export_latex: 'LaTeX',
  export_json: 'JSON',
  export_trec: 'trec_eval output',
  exportCopy: 'Copy {format}',
  exportDownload: 'Download',
  exportCopyAll: 'Copy all',
  exportReady: '{format} is ready ({size}): too large to copy without freezing the page for a moment. Download it, or press Copy all.',
  exportPreview: 'Exported {format}',
  exportCopied: '{format} copied to the clipboard.',
  exportWorking: 'Building the export for a large ranking; this can take a few seconds…',
  exportPreviewHead: 'The preview shows the first {shown} of {lines} lines; Download and Copy all give the whole text.',
};

const zh = {
  exportHeading: '导出',
  exportIntro: '与命令行工具输出的报告相同，由同一份代码生成。',
  export_markdown: 'Markdown',
  export_csv: 'CSV',
  export_latex: 'LaTeX',
  export_json: 'JSON',
  export_trec: 'trec_eval 格式输出',
  exportCopy: '复制 {format}',
  exportDownload: '下载',
  exportCopyAll: '全部复制',
  exportReady: '{format} 已生成（{size}）：文本太大，复制时页面会停顿片刻，因此未自动复制。请下载，或点击“全部复制”。',
  exportPreview: '导出的 {format}',
  exportCopied: '{format} 已复制到剪贴板。',
  exportWorking: '排序较大，正在生成导出内容，可能需要几秒……',
  exportPreviewHead: '预览只显示前 {shown} 行（共 {lines} 行）；下载和“全部复制”提供完整文本。',
};

addTexts({ en, zh });
