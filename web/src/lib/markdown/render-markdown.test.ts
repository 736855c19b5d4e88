import { describe, expect, it } from 'vitest';
import { renderMarkdownSegments } from './render-markdown';

const html = (source: string, sourceLines: boolean) =>
  renderMarkdownSegments(source, { sourceLines })
    .map((segment) => (segment.kind === 'html' ? segment.html : ''))
    .join('');

describe('source lines for the preview’s scroll sync', () => {
  const source = [
    '# 标题',
    '',
    '一段正文。',
    '',
    '- 一',
    '- 二',
    '',
    '```js',
    'const a = 1;',
    '```',
    '',
    '---',
    '',
    '> 引文',
  ].join('\n');

  it('marks every block with the 0-based line it starts on, fences included', () => {
    const marked = html(source, true);
    expect(marked).toContain('<h2 data-source-line="0">');
    expect(marked).toContain('<p data-source-line="2">');
    expect(marked).toContain('<ul data-source-line="4">');
    expect(marked).toContain('<li data-source-line="5">');
    expect(marked).toMatch(/<pre data-source-line="7" class="language-javascript">/);
    expect(marked).toContain('<hr data-source-line="11">');
    expect(marked).toContain('<blockquote data-source-line="13">');
  });

  it('leaves the public page’s HTML as it was', () => {
    expect(html(source, false)).not.toContain('data-source-line');
  });

  it('gives a diagram its fence’s line', () => {
    const segments = renderMarkdownSegments('段落\n\n```mermaid\ngraph TD\n  A --> B\n```\n', { sourceLines: true });
    expect(segments[1]).toEqual({ kind: 'mermaid', code: 'graph TD\n  A --> B\n', line: 2 });
    expect(renderMarkdownSegments('```mermaid\ngraph TD\n```\n')[0]).toEqual({ kind: 'mermaid', code: 'graph TD\n' });
  });
});
