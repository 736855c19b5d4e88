import { describe, expect, it } from 'vitest';
import { applyLinkRewrites, uploadedLinkRewrites } from '../src/renderer/drafts/uploaded-links';

const KEPT = '/draft-images/p1/' + 'a'.repeat(64) + '.png';
const OTHER = '/draft-images/p1/' + 'b'.repeat(64) + '.jpg';

describe('an open editor following the upload of its offline images', () => {
  it('finds the /uploads/ link the stored text holds where the editor still says /draft-images/', () => {
    const editor = `窗外的雪\n\n![雪.png](${KEPT})\n\n![](${OTHER} "标题")\n`;
    const stored = `窗外的雪\n\n![雪.png](/uploads/snow-1.png)\n\n![](/uploads/other-2.jpg "标题")\n`;
    const rewrites = uploadedLinkRewrites(editor, stored);
    expect([...rewrites]).toEqual([
      [KEPT, '/uploads/snow-1.png'],
      [OTHER, '/uploads/other-2.jpg'],
    ]);
    expect(applyLinkRewrites(editor, rewrites)).toBe(stored);
  });

  it('keeps what the owner typed since the save, and leaves a link still kept offline alone', () => {
    const editor = `新的开头\n\n![雪.png](${KEPT})\n![](${OTHER})\n`;
    const stored = `旧的开头\n\n![雪.png](/uploads/snow-1.png)\n![](${OTHER})\n`;
    const rewrites = uploadedLinkRewrites(editor, stored);
    expect(applyLinkRewrites(editor, rewrites)).toBe(`新的开头\n\n![雪.png](/uploads/snow-1.png)\n![](${OTHER})\n`);
  });

  it('changes nothing when nothing was uploaded', () => {
    const editor = `![雪.png](${KEPT})\n`;
    expect(uploadedLinkRewrites(editor, editor).size).toBe(0);
    expect(uploadedLinkRewrites('没有图片', '没有图片').size).toBe(0);
  });
});
