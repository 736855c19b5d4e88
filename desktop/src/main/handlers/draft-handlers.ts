import type { ArticleStatus } from '@folio/shared';
import { BridgeError } from '../../channels';
import type { PublishResult } from '../../channels';
import { draftToBridge } from '../../core/draft-file';
import { DraftImageError } from '../../core/draft-images';
import { DraftError } from '../../core/draft-store';
import type { PublishOutcome } from '../../core/sync';
import type { HandlerContext, Handlers, Workspace } from './handler-context';

export interface DraftHandlers {
  handlers: Handlers['drafts'];
  /** Waits until every draft write that was accepted is on disk (quit calls this). */
  settle(): Promise<void>;
}

/** Whether the draft counts on the 草稿箱 tab now. */
function isWaiting(work: Workspace, draftId: string): boolean {
  return work.drafts.list().some((draft) => draft.id === draftId && draft.waiting);
}

/** The status the mirror last saw of the article a new draft edits (null for a new article). */
function mirroredStatus(work: Workspace, articleId: number | null | undefined): ArticleStatus | null {
  if (articleId === null || articleId === undefined) return null;
  return work.mirror.list().find((entry) => entry.id === articleId)?.status ?? null;
}

/** drafts.*: 草稿箱 and its publishing; every draft leaves main through draftToBridge. */
export function createDraftHandlers(context: HandlerContext): DraftHandlers {
  const { connectivity } = context.deps;
  const inFlight = new Set<Promise<unknown>>();

  /** Track a draft write so quit can wait for it; translate the store's errors. */
  const draftCall = <T>(run: () => Promise<T>): Promise<T> => {
    const task = run().catch((error: unknown) => {
      if (error instanceof DraftError) throw new BridgeError('not-found', error.message);
      throw error;
    });
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task)).catch(() => undefined);
    return task;
  };

  /** The answer to a publish the editor asked for: it shows the draft it gets back. */
  const published = (work: Workspace, outcome: PublishOutcome): PublishResult => {
    work.drafts.editorCaughtUp(outcome.draft.id);
    connectivity.report(outcome.status !== 'offline');
    context.emitSync(work.drafts, [outcome.draft.id]);
    return { status: outcome.status, draft: draftToBridge(outcome.draft), message: outcome.message ?? null };
  };

  const handlers: Handlers['drafts'] = {
    list: async () => (await context.workspace()).drafts.list(),
    get: async ({ id }) => {
      const work = await context.workspace();
      const draft = work.drafts.get(id);
      // The editor opening it shows this text: its saves apply as they are from now on.
      work.drafts.editorCaughtUp(id);
      return draft === undefined ? null : draftToBridge(draft);
    },
    save: async (input) => {
      const work = await context.workspace();
      const waitingBefore = input.id === undefined ? undefined : isWaiting(work, input.id);
      const saved = await draftCall(() =>
        input.id === undefined
          ? work.drafts.create({
              fields: input.fields,
              articleId: input.articleId,
              baseRevision: input.baseRevision,
              serverStatus: mirroredStatus(work, input.articleId),
            })
          : work.drafts.save(input.id, input.fields),
      );
      // The server follows a few seconds behind the disk; the 草稿箱 count follows at once.
      work.background.draftSaved(saved.id);
      if (isWaiting(work, saved.id) !== waitingBefore) context.emitSync(work.drafts, []);
      return draftToBridge(saved);
    },
    revisions: async ({ id }) => (await context.workspace()).drafts.revisions(id),
    restoreRevision: async ({ id, revisionId }) => {
      const work = await context.workspace();
      return draftToBridge(await draftCall(() => work.drafts.restoreRevision(id, revisionId)));
    },
    discard: async ({ id }) => {
      const work = await context.workspace();
      await draftCall(() => work.drafts.discard(id));
      context.emitSync(work.drafts, [id]);
      // Its images go with it, unless another draft links to them too.
      await draftCall(() => work.images.removeUnlinked(work.drafts));
      return { ok: true as const };
    },
    keepImage: async ({ base64 }) => {
      const work = await context.workspace();
      // On disk before the editor may link to it: the link never points at nothing.
      const kept = await draftCall(() => work.images.keep(Buffer.from(base64, 'base64'))).catch((error: unknown) => {
        if (error instanceof DraftImageError) throw new BridgeError('invalid-argument', error.message);
        throw error;
      });
      return { url: kept.url };
    },
    publish: async ({ id }) => {
      const work = await context.workspace();
      return published(work, await draftCall(() => work.sync.publish(id)));
    },
    resolveConflict: async ({ id, choice, text, ...settled }) => {
      const work = await context.workspace();
      const resolution = choice === 'merged' ? { choice, ...settled, content: text ?? '' } : { choice };
      return published(work, await draftCall(() => work.sync.resolveConflict(id, resolution)));
    },
    keepAsNew: async ({ id }) => {
      const work = await context.workspace();
      return draftToBridge(await draftCall(() => work.sync.keepAsNew(id)));
    },
  };

  return {
    handlers,
    settle: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
