import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/** A fixed answer for the raw server: its body and the headers sent with it. */
export interface FixedAnswer {
  body: Buffer;
  headers: Record<string, string>;
}

/** The ceiling: a 5 KB JSON body. */
export function jsonAnswer(bodyBytes = 5 * 1024): FixedAnswer {
  const body = Buffer.from(JSON.stringify({ code: 0, msg: 'success', data: 'x'.repeat(bodyBytes - 40) }));
  return { body, headers: { 'content-type': 'application/json; charset=utf-8' } };
}

/**
 * The ceiling: plain Node `http` answering one fixed answer, in its own process like the real
 * server, so every scenario can be read as a share of what this machine's Node can do at all.
 */
const SOURCE = `
import { createServer } from 'node:http';
const body = Buffer.from(process.env.ANSWER_BODY, 'base64');
const headers = { ...JSON.parse(process.env.ANSWER_HEADERS), 'content-length': body.length };
const server = createServer((request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

export interface RawServer {
  url: string;
  pid: number;
  child: ChildProcess;
}

export async function startRawServer(answer: FixedAnswer): Promise<RawServer> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SOURCE], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ANSWER_BODY: answer.body.toString('base64'), ANSWER_HEADERS: JSON.stringify(answer.headers) },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`raw server exited (${code})`)));
  });
  return { url, pid: child.pid ?? 0, child };
}
