import { openArticle, refreshMirror } from '../../core/mirror';
import type { HandlerContext, Handlers } from './handler-context';

/** mirror.*: the local copy of the server's articles, refreshed whenever the server answers. */
export function createMirrorHandlers(context: HandlerContext): Handlers['mirror'] {
  const { connectivity } = context.deps;
  return {
    list: async () => ({ articles: (await context.workspace()).mirror.list(), online: connectivity.online }),
    get: async ({ id }) => {
      const work = await context.workspace();
      const opened = await openArticle(work.api, work.mirror, id);
      connectivity.report(opened === undefined || opened.source === 'server');
      return opened ?? null;
    },
    refresh: async () => {
      const work = await context.workspace();
      const { online } = await refreshMirror(work.api, work.mirror);
      connectivity.report(online);
      return { articles: work.mirror.list(), online };
    },
  };
}
