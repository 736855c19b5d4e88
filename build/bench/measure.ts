import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';

export interface ScenarioResult {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  peakRssMb: number;
}

/** Resident memory of a process, from /proc (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
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
  const sampler = setInterval(() => {
    void rssMb(pid)
      .then((mb) => (peak = Math.max(peak, mb)))
      .catch(() => undefined);
  }, 100);
  try {
    const result = await autocannon(options);
    return {
      name,
      connections: options.connections,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      failures: result.errors + result.timeouts + result.non2xx,
      peakRssMb: peak,
    };
  } finally {
    clearInterval(sampler);
  }
}
