/**
 * `npx tsx build/bench/start.ts [--rounds=5]`: how long the README's `npm start` takes to its
 * first page when nothing needs building, beside the compiled server alone (`node <flags>
 * server/dist/main.js`, what `npm start` ends in) and the stale-build check alone (what the
 * start script runs before the server). Each is started `--rounds` times, taking turns, on one sample-site data dir; it prints
 * the median, the fastest and the slowest. Figures only: nothing passes or fails on a number.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor200 } from './measure.js';

const root = path.resolve(import.meta.dirname, '../..');
const rounds = Number(/^--rounds=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--rounds=')) ?? '')?.[1] ?? 5);

const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
/** What `npm start` runs before the server: the stale-build check. */
const checkCommand = scripts.start.split(' && ')[0] ?? '';

/** The environment and Node flags `npm start` gives the server, read from package.json. */
function serverCommand(): { env: Record<string, string>; args: string[] } {
  const match = /((?:\b[A-Z_]+=\S+ )*)node ((?:--\S+ )*)server\/dist\/main\.js/.exec(scripts.start);
  if (!match) throw new Error(`package.json's start script does not run node server/dist/main.js: ${scripts.start}`);
  const words = (text: string | undefined) => (text ?? '').split(' ').filter(Boolean);
  const env = Object.fromEntries(words(match[1]).map((assignment) => assignment.split('=', 2) as [string, string]));
  return { env, args: [...words(match[2]), 'server/dist/main.js'] };
}

/**
 * Starts a command in its own process group, waits for the first 200 on `/`, stops the group.
 * Undefined when the start built something (other work changed a source meanwhile).
 */
async function timeToFirstPage(command: string, args: string[], env: Record<string, string>): Promise<number | undefined> {
  const startedAt = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (http:\/\/[^\s:]+:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`${command} ${args.join(' ')} exited before listening:\n${output}`)));
  });
  const ms = await waitFor200(`${url}/`, startedAt);
  // The group: npm, its shell and node.
  process.kill(-(child.pid ?? 0), 'SIGTERM');
  await exited;
  return /\bbuilding\b/.test(output) ? undefined : ms;
}

/** Runs a command to its end; undefined when it built something. */
function timeCommand(command: string, args: string[]): number | undefined {
  const startedAt = performance.now();
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  const ms = performance.now() - startedAt;
  return /\bbuilding\b/.test(result.stdout) ? undefined : ms;
}

function summary(label: string, figures: number[]): string {
  const sorted = [...figures].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const format = (ms: number) => String(Math.round(ms)).padStart(6);
  return `${label.padEnd(44)}${format(median)}${format(sorted[0] ?? 0)}${format(sorted.at(-1) ?? 0)}`;
}

const warmUp = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (warmUp.status !== 0) throw new Error('npm run build failed');

const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-bench-start-'));
try {
  const server = serverCommand();
  const env = {
    ...server.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-start-password',
    LOG_LEVEL: 'info',
  };
  // The first start writes the sample site; every measured one reads it.
  await timeToFirstPage('node', server.args, env);
  const figures = { npmStart: [] as number[], server: [] as number[], check: [] as number[] };
  // Other work in the checkout may change a source meanwhile: a start or check that built
  // something is not counted, and the round is run again (up to three times as many rounds).
  let skipped = 0;
  for (let round = 0; figures.npmStart.length < rounds && round < rounds * 3; round += 1) {
    const npmStart = await timeToFirstPage('npm', ['start'], env);
    const alone = await timeToFirstPage('node', server.args, env);
    const check = timeCommand('sh', ['-c', checkCommand]);
    if (npmStart === undefined || alone === undefined || check === undefined) {
      skipped += 1;
      continue;
    }
    figures.npmStart.push(npmStart);
    figures.server.push(alone);
    figures.check.push(check);
  }
  console.info(`${figures.npmStart.length} rounds with nothing to build (${skipped} that built left out); ms from spawn:`);
  console.info(`${' '.repeat(44)}median   min   max`);
  console.info(summary('npm start -> first 200 on /', figures.npmStart));
  console.info(summary('node server/dist/main.js -> first 200 on /', figures.server));
  console.info(summary(checkCommand, figures.check));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
