import { describe, expect, it } from 'vitest';
import { plainText } from './page-head';

describe('plainText (page descriptions)', () => {
  it('drops tags, code blocks and Markdown marks, keeping the words of adjacent paragraphs apart', () => {
    const content =
      '<p>第一段</p><p>第二段</p>\n\n## 小标题\n\n```ts\nconst x = 1;\n```\n**加粗** 和 [链接](https://example.com)';
    expect(plainText(content)).toBe('第一段 第二段 小标题 加粗 和 链接 https://example.com');
  });

  it('cuts a long text to the limit with an ellipsis', () => {
    expect(plainText('一二三四五六', 4)).toBe('一二三…');
  });
});
