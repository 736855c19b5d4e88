import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What the fake answers to the next chat-completions calls. */
export type FakeReply =
  { kind: 'answer'; content: string } | { kind: 'status'; status: number; body?: unknown } | { kind: 'hang' };

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: string }[] };
}

export interface FakeOpenAi {
  baseUrl: string;
  requests: RecordedRequest[];
  reply(next: FakeReply): void;
  close(): Promise<void>;
}

function completion(content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

async function readJson(request: IncomingMessage): Promise<RecordedRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'];
}

/**
 * A loopback server speaking the OpenAI chat-completions protocol, so the real `openai` client
 * is exercised end to end without the internet. Each test sets the reply it needs.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let next: FakeReply = { kind: 'answer', content: '{}' };
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const body = await readJson(request);
      requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      // "hang" never answers: the client's timeout has to end the call.
      if (next.kind === 'hang') return;
      if (next.kind === 'status') {
        response.writeHead(next.status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(next.body ?? { error: { message: 'upstream failure', type: 'server_error' } }));
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(completion(next.content)));
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(reply) {
      next = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
