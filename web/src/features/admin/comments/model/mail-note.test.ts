import { describe, expect, it } from 'vitest';
import { mailNote } from './mail-note';

describe('mailNote', () => {
  it('names the settings that turn mail on when it is not set up, and OWNER_EMAIL alone when only that is missing', () => {
    expect(mailNote({ configured: false, owner_email: false })?.body).toMatch(/SMTP_URL、MAIL_FROM 和 OWNER_EMAIL/);
    expect(mailNote({ configured: false, owner_email: true })?.title).toMatch(/^邮件通知未配置/);
    const ownerMissing = mailNote({ configured: true, owner_email: false });
    expect(ownerMissing?.title).toMatch(/未设置 OWNER_EMAIL/);
    expect(ownerMissing?.body).not.toMatch(/SMTP_URL/);
    expect(mailNote({ configured: true, owner_email: true })).toBeNull();
  });
});
