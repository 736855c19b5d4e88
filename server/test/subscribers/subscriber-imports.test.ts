import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { BlogImportJob } from '@folio/shared';
import { apiClient } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { startSmtpSink } from '../mail/smtp-sink.js';
import type { SmtpSink } from '../mail/smtp-sink.js';
import {
  createArticle,
  mailsTo,
  outboxEmptied,
  outboxLength,
  startSubscriptionServer,
  subscribeAndConfirm,
  waitUntil,
} from './subscriber-fixtures.js';

let server: TestServer | undefined;
let sink: SmtpSink | undefined;

afterEach(async () => {
  await server?.close();
  await sink?.close();
  server = undefined;
  sink = undefined;
});

const GHOST_EXPORT = path.join(import.meta.dirname, '../blog-import/fixtures/ghost-5.json');
const ARTICLE_SUBJECT = /^新文章：/;

it(
  'mails nothing for articles a backup restore, a Markdown import or a blog import brings, public as they are',
  { timeout: 60_000 },
  async () => {
    sink = await startSmtpSink();
    server = await startSubscriptionServer(sink);
    const token = await server.login();
    const api = apiClient(server.url);
    await subscribeAndConfirm(server, sink, 'reader@example.com');
    await createArticle(server, token, { title: '备份之前' });
    await waitUntil(() => mailsTo(sink!, 'reader@example.com', ARTICLE_SUBJECT).length === 1, 'the first article mail');
    await outboxEmptied(server);

    // A backup of the site restored over it: its public article comes back, unannounced.
    const backup = await api<Record<string, unknown>>('GET', '/api/admin/export', { token });
    expect(backup.status).toBe(200);
    const restored = await api<EnvelopeBody>('POST', '/api/admin/import', { token, json: backup.body });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(outboxLength(server)).toBe(0);

    // A Markdown file imported as a published article.
    const form = new FormData();
    form.append('files', new Blob(['---\ntitle: 导入的文章\n---\n\n正文。\n']), 'imported.md');
    const markdown = await fetch(`${server.url}/api/admin/articles/import-md`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(markdown.status).toBe(200);
    expect(((await markdown.json()) as EnvelopeBody).data).toMatchObject({ imported_count: 1 });
    expect(outboxLength(server)).toBe(0);

    // A Ghost blog moved in: its published posts arrive public.
    const ghost = new FormData();
    ghost.append('file', new Blob([new Uint8Array(await readFile(GHOST_EXPORT))]), 'export.json');
    const started = await fetch(`${server.url}/api/admin/imports`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: ghost,
    });
    expect(started.status).toBe(202);
    const id = (((await started.json()) as EnvelopeBody).data as BlogImportJob).id;
    let job: BlogImportJob;
    for (;;) {
      job = (await api<EnvelopeBody>('GET', `/api/admin/imports/${id}`, { token })).body.data as BlogImportJob;
      if (job.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(job.status).toBe('succeeded');
    expect(job.report.articles_imported).toBeGreaterThan(0);
    expect(outboxLength(server)).toBe(0);

    // The next article the owner publishes is mailed: the mail was on all along.
    await createArticle(server, token, { title: '导入之后' });
    await waitUntil(() => mailsTo(sink!, 'reader@example.com', ARTICLE_SUBJECT).length === 2, 'the next article mail');
    await outboxEmptied(server);
    expect(mailsTo(sink, 'reader@example.com', ARTICLE_SUBJECT).map((mail) => mail.subject)).toEqual([
      '新文章：备份之前',
      '新文章：导入之后',
    ]);
  },
);

it(
  'carries the subscribers in a backup, and a restored public article stays announced after a withdrawal',
  { timeout: 60_000 },
  async () => {
    sink = await startSmtpSink();
    server = await startSubscriptionServer(sink);
    const token = await server.login();
    const api = apiClient(server.url);
    await subscribeAndConfirm(server, sink, 'kept@example.com');
    const backup = (await api<Record<string, unknown>>('GET', '/api/admin/export', { token })).body;
    const exported = (backup.subscribers ?? (backup.data as Record<string, unknown> | undefined)?.subscribers) as Array<
      Record<string, unknown>
    >;
    expect(exported).toMatchObject([{ email: 'kept@example.com', confirmed_at: expect.any(String) }]);
    await server.close();

    // A new site with an article from elsewhere: the backup brings the subscriber and the article comes public.
    server = await startSubscriptionServer(sink);
    const owner = await server.login();
    const other = apiClient(server.url);
    const list = async () =>
      (
        (await other<EnvelopeBody>('GET', '/api/admin/subscribers', { token: owner })).body.data as {
          subscribers: Array<{ email: string; confirmed: boolean }>;
        }
      ).subscribers;
    const withArticle = structuredClone(backup) as Record<string, unknown>;
    const head = (withArticle.data ?? withArticle) as Record<string, unknown>;
    head.articles = [
      {
        id: 7,
        title: '旧文章',
        content: '早就公开了',
        category: '',
        tags: '',
        cover: '',
        summary: '',
        views: 0,
        created_at: '2024-01-01T00:00:00Z',
        updated_at: '2024-01-01T00:00:00Z',
        status: 'published',
        publish_at: '2024-01-01T00:00:00Z',
      },
    ];
    expect((await other<EnvelopeBody>('POST', '/api/admin/import', { token: owner, json: withArticle })).status).toBe(200);
    expect(await list()).toMatchObject([{ email: 'kept@example.com', confirmed: true }]);

    // An older backup, without the section, leaves them as they are.
    const older = structuredClone(backup) as Record<string, unknown>;
    delete ((older.data ?? older) as Record<string, unknown>).subscribers;
    expect((await other<EnvelopeBody>('POST', '/api/admin/import', { token: owner, json: older })).status).toBe(200);
    expect(await list()).toMatchObject([{ email: 'kept@example.com', confirmed: true }]);

    // Withdrawn and published again by the owner: it was public before it came, nobody is mailed.
    await other('PUT', '/api/admin/articles/7', { token: owner, json: { status: 'draft' } });
    await other('PUT', '/api/admin/articles/7', { token: owner, json: { status: 'published' } });
    await createArticle(server, owner, { title: '恢复之后' });
    await waitUntil(() => mailsTo(sink!, 'kept@example.com', ARTICLE_SUBJECT).length === 1, 'the next article mail');
    await outboxEmptied(server);
    expect(mailsTo(sink, 'kept@example.com', ARTICLE_SUBJECT).map((mail) => mail.subject)).toEqual(['新文章：恢复之后']);
  },
);
