import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

/**
 * autocannon appends every response body to a string (`req.body += chunk` in its
 * PipelinedRequestsQueue), for an `onResponse` hook that no scenario here uses. On compressed
 * answers, which are binary, that UTF-8 decoding cost the load generator (on the same two cores
 * as the server) more than the server spent answering: plain `http` sending 13 KB of random bytes
 * measured 12,900 requests/s against 27,800 for 13 KB of 'x', and the server idled at 60% of a
 * core on `/`. Without it both bodies measure alike (about 45,000), so the figures are the
 * server's. Failures, status codes, bytes and latency are counted elsewhere and stay as they are.
 */
function stopBodyCollection(): void {
  const requireFromHere = createRequire(import.meta.url);
  const queue: unknown = requireFromHere('autocannon/lib/pipelinedRequestsQueue.js');
  const prototype = typeof queue === 'function' ? (queue.prototype as { addBody?: unknown }) : undefined;
  if (typeof prototype?.addBody !== 'function') {
    throw new Error('autocannon no longer has PipelinedRequestsQueue.addBody: see stopBodyCollection in build/bench/measure.ts');
  }
  prototype.addBody = () => undefined;
}
stopBodyCollection();

export interface ScenarioResult {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  peakRssMb: number;
  /** CPU time the target used during the scenario, as a share of one core. */
  cpuPercent: number;
}

/** Resident memory of a process, from /proc (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU time a process has used so far (user and system), in ms, from /proc (Linux; 100 ticks a second). */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Polls a URL until it answers 200; resolves with the time it took from `since`. */
export async function waitFor200(url: string, since: number, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // Not accepting yet.
    }
    if (performance.now() - since > timeoutMs) throw new Error(`${url} gave no 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs one autocannon scenario while sampling the target's resident memory every 100 ms. */
export async function runScenario(
  pid: number,
  name: string,
  options: autocannon.Options & { connections: number; duration: number },
): Promise<ScenarioResult> {
  let peak = await rssMb(pid);
  const cpuBefore = await cpuMs(pid);
  const startedAt = performance.now();
  const sampler = setInterval(() => {
    void rssMb(pid)
      .then((mb) => (peak = Math.max(peak, mb)))
      .catch(() => undefined);
  }, 100);
  try {
    const result = await autocannon(options);
    const cpuPercent = (((await cpuMs(pid)) - cpuBefore) / (performance.now() - startedAt)) * 100;
    return {
      name,
      connections: options.connections,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      failures: result.errors + result.timeouts + result.non2xx,
      peakRssMb: peak,
      cpuPercent,
    };
  } finally {
    clearInterval(sampler);
  }
}
