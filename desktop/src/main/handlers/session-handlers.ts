import { BridgeError } from '../../channels';
import type { BridgeErrorCode, SessionStatus, SignInInput } from '../../channels';
import { signIn as signInToServer } from '../../core/connection';
import type { ConnectionProblemKind } from '../../core/connection';
import type { HandlerContext, Handlers } from './handler-context';
import { profileCall } from './handler-context';

const problemCodes: Record<ConnectionProblemKind, BridgeErrorCode> = {
  malformed: 'bad-url',
  timeout: 'unreachable',
  unreachable: 'unreachable',
  'not-folio': 'not-folio',
  'wrong-credentials': 'wrong-credentials',
  locked: 'wrong-credentials',
  'server-error': 'server-error',
};

/** The profile's name when the owner gave none: the server's host. */
function defaultName(serverUrl: string): string {
  try {
    return new URL(serverUrl).host;
  } catch {
    return serverUrl;
  }
}

/** session.*: sign in (saving the profile), sign out, and the answer to the basic_text question. */
export function createSessionHandlers(context: HandlerContext): Handlers['session'] {
  const { profiles, vault, connectivity } = context.deps;
  const { awaitingConsent, expiries } = context;

  const signIn = async (input: SignInInput): Promise<SessionStatus> => {
    const result = await signInToServer(
      { url: input.serverUrl, username: input.username, password: input.password, remember: input.remember },
      context.deps.connection,
    );
    if (!result.ok) {
      if (result.kind === 'timeout' || result.kind === 'unreachable') connectivity.report(false);
      throw new BridgeError(problemCodes[result.kind], result.message);
    }
    const existing =
      (input.profileId === undefined ? undefined : profiles.get(input.profileId)) ??
      profiles.list().profiles.find((profile) => profile.url === result.url && profile.username === input.username);
    const profile = await profileCall(() =>
      profiles.save({
        id: existing?.id,
        name: input.name?.trim() || existing?.name || defaultName(result.url),
        url: result.url,
        username: input.username,
        remember: input.remember,
      }),
    );
    await profiles.activate(profile.id);
    expiries.set(profile.id, result.expiresAt);
    const stored = await vault.setToken(profile.id, result.token, input.remember);
    if (!stored.persisted && stored.reason === 'needs-confirmation') awaitingConsent.add(profile.id);
    else awaitingConsent.delete(profile.id);
    connectivity.reset(result.url);
    return context.changed();
  };

  return {
    status: context.status,
    signIn,
    signOut: async () => {
      const active = profiles.active();
      if (active) {
        const token = vault.getToken(active.id);
        await vault.forget(active.id);
        awaitingConsent.delete(active.id);
        expiries.delete(active.id);
        // Best effort: the server forgets the token too; offline, it simply expires.
        if (token !== undefined) {
          await context
            .serverClient(active.url, token)
            .request({ method: 'POST', path: '/api/admin/logout' })
            .catch(() => undefined);
        }
      }
      return context.changed();
    },
    confirmInsecureStorage: async ({ allow }) => {
      const active = profiles.active();
      if (active && awaitingConsent.has(active.id)) {
        awaitingConsent.delete(active.id);
        const token = vault.getToken(active.id);
        if (allow) {
          await vault.confirmInsecureStorage();
          if (token !== undefined) await vault.setToken(active.id, token, true);
        }
      }
      return context.changed();
    },
  };
}
