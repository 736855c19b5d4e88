import { describe, expect, it } from 'vitest';
import { CommentsService } from '../../src/services/comments.service.js';
import type { CommentNoticeEvent, CommentNotices } from '../../src/services/comment-notices.js';
import { CommentSettingsRepository } from '../../src/store/comment-settings.repository.js';
import { CommentsRepository } from '../../src/store/comments.repository.js';
import type { TestServer } from '../../../tests/support/test-server.js';
import { createArticle, useArticleServer } from '../routes/articles.fixtures.js';
import type { Api } from '../routes/articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));

/** Records each notice with whether the comment was already in the state the commit writes. */
function recordingNotices(): CommentNotices & { seen: { event: CommentNoticeEvent; inState: boolean }[] } {
  const seen: { event: CommentNoticeEvent; inState: boolean }[] = [];
  return {
    seen,
    collections: [],
    queue: (state, event) => {
      const stored = state.comments.find(event.stored.comment.id);
      seen.push({ event, inState: stored?.status === event.stored.comment.status });
    },
  };
}

function serviceWith(notices: CommentNotices): CommentsService {
  const { store, context } = server.app;
  const { services, config } = context;
  return new CommentsService(
    new CommentsRepository(store),
    services.articles,
    services.publicArticles,
    { siteBlocks: services.siteBlocks, adminUsername: config.adminUsername },
    new CommentSettingsRepository(store),
    services.comments.heldTokens,
    notices,
  );
}

const client = { ip: '203.0.113.9', userAgent: 'test', siteOrigin: 'https://blog.example' };

describe('comment notices', () => {
  it('are queued inside the commit of a new comment, an owner reply and an approval', async () => {
    const articleId = await createArticle(api, token, { title: '通知文章' });
    const notices = recordingNotices();
    const service = serviceWith(notices);

    const visitor = await service.create(
      articleId,
      { author: '访客', email: 'v@example.com', content: '你好', parent_id: null },
      client,
    );
    const reply = await service.reply(visitor.id, '欢迎', client);
    await server.app.context.services.commentSettings.save({ moderation: 'all', blocked_words: [], blocked_addresses: [] });
    const held = await service.create(articleId, { author: '访客', email: '', content: '再问', parent_id: reply.id }, client);
    await service.approve(held.id, client.siteOrigin);
    await service.approve(held.id, client.siteOrigin);
    await server.app.context.services.commentSettings.save({ moderation: 'none', blocked_words: [], blocked_addresses: [] });

    const summary = notices.seen.map(({ event, inState }) => ({
      kind: event.kind,
      id: event.stored.comment.id,
      status: event.stored.comment.status,
      owner: event.stored.comment.is_owner === true,
      parent: event.stored.parent?.id,
      title: event.stored.articleTitle,
      origin: event.stored.siteOrigin,
      inState,
    }));
    const common = { title: '通知文章', origin: 'https://blog.example', inState: true };
    expect(summary).toEqual([
      { kind: 'created', id: visitor.id, status: 'published', owner: false, parent: undefined, ...common },
      { kind: 'created', id: reply.id, status: 'published', owner: true, parent: visitor.id, ...common },
      { kind: 'created', id: held.id, status: 'pending', owner: false, parent: reply.id, ...common },
      // Approving twice tells once.
      { kind: 'approved', id: held.id, status: 'published', owner: false, parent: reply.id, ...common },
    ]);
  });
});
