import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/**
 * The ceiling: plain Node `http` answering a fixed JSON body (5 KB unless asked otherwise), in its
 * own process like the real server, so every scenario can be read as a share of what this
 * machine's Node can do at all.
 */
const SOURCE = `
import { createServer } from 'node:http';
const body = JSON.stringify({ code: 0, msg: 'success', data: 'x'.repeat(Number(process.env.BODY_BYTES) - 40) });
const server = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

export interface RawServer {
  url: string;
  pid: number;
  child: ChildProcess;
}

export async function startRawServer(bodyBytes = 5 * 1024): Promise<RawServer> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SOURCE], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BODY_BYTES: String(bodyBytes) },
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
