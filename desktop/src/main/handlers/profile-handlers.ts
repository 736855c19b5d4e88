import { verifyToken } from '../../core/connection';
import type { HandlerContext, Handlers } from './handler-context';
import { profileCall, toBridgeProfile } from './handler-context';

/** profiles.*: the saved servers; activating one checks its stored token. */
export function createProfileHandlers(context: HandlerContext): Handlers['profiles'] {
  const { profiles, vault, connectivity } = context.deps;
  return {
    list: () => {
      const snapshot = profiles.list();
      return { profiles: snapshot.profiles.map(toBridgeProfile), activeId: snapshot.activeId };
    },
    save: async (input) =>
      toBridgeProfile(
        await profileCall(() =>
          profiles.save({
            id: input.id,
            name: input.name,
            url: input.serverUrl,
            username: input.username,
            remember: input.remember,
          }),
        ),
      ),
    remove: async ({ id }) => {
      const wasActive = profiles.active()?.id === id;
      await vault.forget(id);
      const snapshot = await profileCall(() => profiles.remove(id));
      if (wasActive) context.changed();
      return { profiles: snapshot.profiles.map(toBridgeProfile), activeId: snapshot.activeId };
    },
    activate: async ({ id }) => {
      const profile = await profileCall(() => profiles.activate(id));
      connectivity.reset(profile.url);
      const token = vault.getToken(profile.id);
      if (token !== undefined) {
        const check = await verifyToken(profile.url, token, context.deps.connection);
        if (check === 'invalid') await vault.forget(profile.id);
        connectivity.report(check !== 'offline');
      }
      return context.changed();
    },
  };
}
