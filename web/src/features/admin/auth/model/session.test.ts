import { describe, expect, it } from 'vitest';
import { UiMessages } from '@folio/shared';
import type { LoginRedirectState, SessionDeps } from './session';
import { createSession } from './session';

function buildSession(overrides: Partial<SessionDeps> = {}, at = { pathname: '/admin/articles', search: '?page=2' }) {
  let token: string | null = null;
  const visits: { path: string; state?: LoginRedirectState }[] = [];
  const session = createSession({
    tokenStorage: { get: () => token, set: (value) => (token = value), clear: () => (token = null) },
    basePath: '/admin',
    currentLocation: () => at,
    goTo: (path, state) => visits.push({ path, state }),
    revoke: async () => undefined,
    ...overrides,
  });
  return { session, visits, token: () => token };
}

describe('createSession', () => {
  it('keeps the token from signIn until the session expires, then sends the owner back to login with the path', () => {
    const { session, visits, token } = buildSession();
    expect(session.hasToken()).toBe(false);
    session.signIn('abc');
    expect(session.hasToken()).toBe(true);
    expect(token()).toBe('abc');

    session.expire();

    expect(session.hasToken()).toBe(false);
    expect(visits).toEqual([
      { path: '/admin/login', state: { from: '/admin/articles?page=2', message: UiMessages.sessionExpired } },
    ]);
  });

  it('says the login expired once when several calls meet the same expiry', () => {
    const { session, visits } = buildSession();
    session.signIn('abc');
    // The second 401 arrives before the first navigation has moved the page.
    session.expire();
    session.expire();
    expect(visits).toEqual([
      { path: '/admin/login', state: { from: '/admin/articles?page=2', message: UiMessages.sessionExpired } },
    ]);
    // Signed in again, a later expiry is told again.
    session.signIn('def');
    session.expire();
    expect(visits).toHaveLength(2);
  });

  it('sends a browser that never signed in to login without saying a login expired', () => {
    const { session, visits } = buildSession();
    session.expire();
    expect(visits).toEqual([{ path: '/admin/login', state: { from: '/admin/articles?page=2' } }]);
  });

  it('does not redirect again when the session expires on the login page', () => {
    const { session, visits } = buildSession({}, { pathname: '/admin/login', search: '' });
    session.signIn('abc');
    session.expire();
    expect(session.hasToken()).toBe(false);
    expect(visits).toEqual([]);
  });

  it('signs out locally even when revoking the token on the server fails', async () => {
    const { session, visits } = buildSession({
      revoke: async () => {
        throw new Error(UiMessages.networkError);
      },
    });
    session.signIn('abc');

    await session.signOut();

    expect(session.hasToken()).toBe(false);
    expect(visits).toEqual([{ path: '/admin/login', state: undefined }]);
  });
});
