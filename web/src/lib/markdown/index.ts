export { MarkdownView } from './markdown-view';
export type { MarkdownViewProps } from './markdown-view';
export { renderMarkdown, renderMarkdownSegments } from './render-markdown';
export type { MarkdownSegment } from './render-markdown';
