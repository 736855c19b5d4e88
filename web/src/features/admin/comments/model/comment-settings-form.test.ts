import { describe, expect, it } from 'vitest';
import { CommentConversationMessages as CM, commentSettingsSchema } from '@folio/shared';
import { draftOfSettings, issuesAsFieldErrors, settingsFieldErrors, settingsOfDraft } from './comment-settings-form';

describe('the 评论设置 form', () => {
  it('shows each list one entry a line and sends what was typed, cleaned by the shared schema', () => {
    const draft = draftOfSettings({ moderation: 'first', blocked_words: ['广告', '推广'], blocked_addresses: ['203.0.113.'] });
    expect(draft).toEqual({ moderation: 'first', blockedWords: '广告\n推广', blockedAddresses: '203.0.113.' });

    const typed = { ...draft, blockedWords: ' 广告 \r\n\n推广\n广告', blockedAddresses: '@spam.test\n' };
    const sent = settingsOfDraft(typed);
    expect(sent.blocked_words).toEqual([' 广告 ', '', '推广', '广告']);
    expect(commentSettingsSchema.parse(sent)).toEqual({
      moderation: 'first',
      blocked_words: ['广告', '推广'],
      blocked_addresses: ['@spam.test'],
    });
  });

  it('puts each problem on its field, the first one each, whether the form or the server found it', () => {
    const tooLong = 'x'.repeat(101);
    const result = commentSettingsSchema.safeParse(
      settingsOfDraft({ moderation: 'none', blockedWords: `ok\n${tooLong}\n${tooLong}`, blockedAddresses: tooLong }),
    );
    expect(result.success).toBe(false);
    const fromForm = settingsFieldErrors(issuesAsFieldErrors(result.error?.issues ?? []));
    expect(fromForm).toEqual({ blocked_words: CM.blockedWordTooLong, blocked_addresses: CM.blockedAddressTooLong });

    const fromServer = settingsFieldErrors([
      { field: 'moderation', msg: CM.moderationInvalid },
      { field: 'blocked_words', msg: CM.blockedWordsTooMany },
      { field: 'body', msg: '请求参数错误' },
    ]);
    expect(fromServer).toEqual({ moderation: CM.moderationInvalid, blocked_words: CM.blockedWordsTooMany });
  });
});
