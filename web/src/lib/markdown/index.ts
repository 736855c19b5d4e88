export { MarkdownView } from './markdown-view';
export type { MarkdownViewProps } from './markdown-view';
export type { MarkdownSegment } from './render-markdown';
