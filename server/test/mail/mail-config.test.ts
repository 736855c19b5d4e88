import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_LIMITS, DEFAULT_MAIL_RETRY, loadConfig } from '../../src/config.js';

const load = (env: Record<string, string>) => loadConfig(env, { dotenv: false });

describe('mail configuration', () => {
  it('is off when nothing is set, and blank lines count as unset', () => {
    expect(load({}).mail).toBeUndefined();
    expect(load({ SMTP_URL: ' ', MAIL_FROM: '', OWNER_EMAIL: '' }).mail).toBeUndefined();
  });

  it('reads SMTP_URL, MAIL_FROM and OWNER_EMAIL, with the default retry schedule', () => {
    expect(
      load({
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        PUBLIC_URL: 'https://blog.example.com',
        MAIL_FROM: 'Folio <blog@example.com>',
        OWNER_EMAIL: ' me@example.com ',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      from: 'Folio <blog@example.com>',
      ownerEmail: 'me@example.com',
      retry: DEFAULT_MAIL_RETRY,
      limits: DEFAULT_MAIL_LIMITS,
    });
    const site = { PUBLIC_URL: 'https://blog.example.com' };
    expect(load({ ...site, SMTP_URL: 'smtp://localhost:25', MAIL_FROM: 'blog@example.com' }).mail?.ownerEmail).toBeUndefined();
  });

  it('stops at start listing every problem, never echoing the SMTP password', () => {
    const attempt = () =>
      load({
        SMTP_URL: 'https://user:secret-pass@smtp.example.com',
        MAIL_FROM: 'Folio <not an address>',
        OWNER_EMAIL: 'a@b, c@d',
      });
    expect(attempt).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(attempt).toThrow(/MAIL_FROM: must be an email address or "Name <address>"/);
    expect(attempt).toThrow(/OWNER_EMAIL: must be one email address/);
    expect(attempt).not.toThrow(/secret-pass/);
    expect(() => load({ SMTP_URL: 'smtp://smtp.example.com' })).toThrow(/MAIL_FROM: must be set with SMTP_URL/);
    // The links in mail must reach the site: the address the server listens on may not.
    expect(() => load({ SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: 'blog@example.com' })).toThrow(
      /PUBLIC_URL: must be set with SMTP_URL/,
    );
    expect(() => load({ OWNER_EMAIL: 'me@example.com' })).toThrow(/SMTP_URL: must be set when MAIL_FROM or OWNER_EMAIL is/);
    expect(() => load({ SMTP_URL: 'not a url', MAIL_FROM: 'a@example.com' })).toThrow(/SMTP_URL/);
  });
});
