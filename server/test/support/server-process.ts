import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const tsxLoader = pathToFileURL(path.join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;
const serverEntry = path.join(repoRoot, 'server/src/main.ts');
const compiledEntry = path.join(repoRoot, 'server/dist/main.js');

/**
 * How `npm start` runs the server (`[NAME=value ...] node <flags> server/dist/main.js`): the
 * environment it sets and the Node flags, read from package.json so both run alike.
 */
function startCommand(): { env: Record<string, string>; flags: string[] } {
  const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const match = /((?:\b[A-Z_]+=\S+ )*)node ((?:--\S+ )*)server\/dist\/main\.js/.exec(scripts.start);
  if (!match) throw new Error(`package.json's start script does not run node server/dist/main.js: ${scripts.start}`);
  const words = (text: string | undefined) => (text ?? '').split(' ').filter(Boolean);
  const env = Object.fromEntries(words(match[1]).map((assignment) => assignment.split('=', 2) as [string, string]));
  return { env, flags: words(match[2]) };
}

export const PROCESS_ADMIN_PASSWORD = 'child-process-password';
export const PROCESS_JWT_SECRET = 'child-process-secret-that-is-long-enough-for-hs256';

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface SpawnOptions {
  dataDir: string;
  /** Extra environment variables; they override the defaults below. */
  env?: Record<string, string>;
  /** How long to wait for the listening line before giving up. */
  startTimeoutMs?: number;
  /** Run the compiled `server/dist/main.js` as `npm start` does (default: the TypeScript source through tsx). */
  compiled?: boolean;
  /** Called with the child as soon as it exists, before it listens (to kill it during start-up). */
  onSpawn?: (child: ChildProcess) => void;
}

/**
 * Starts the real server entry (`server/src/main.ts`, or the compiled bundle `npm start` runs) as a
 * child process, so tests can kill it with real signals. Runs `node` directly with the tsx
 * loader, not the tsx CLI: the CLI is a second process that a SIGKILL would orphan. The working
 * directory is the data dir, so a developer's `.env` in the repo never leaks into a test.
 */
export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const start = options.compiled ? startCommand() : { env: {}, flags: [] };
  const args = options.compiled ? [...start.flags, compiledEntry] : ['--import', tsxLoader, serverEntry];
  const child = spawn(process.execPath, args, {
    cwd: options.dataDir,
    env: {
      ...start.env,
      PATH: process.env.PATH ?? '',
      TZ: 'UTC',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ADMIN_PASSWORD: PROCESS_ADMIN_PASSWORD,
      JWT_SECRET: PROCESS_JWT_SECRET,
      LOG_LEVEL: 'info',
      // No child server fetches projects from the real code host (server/API.md §E20).
      CODE_HOST_API_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  options.onSpawn?.(child);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${options.startTimeoutMs ?? 20_000} ms:\n${output}`));
    }, options.startTimeoutMs ?? 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (http:\/\/[^\s:]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening (code ${code}, signal ${signal}):\n${output}`));
    });
  });
  return { url, pid: child.pid ?? 0, child, output: () => output, exited };
}

/** Stops a child if it is still running and waits for it to end. */
export async function stopServer(server: ServerProcess | undefined, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}
