import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../../tests/support/test-server.js';
import type { TestServer } from '../../tests/support/test-server.js';
import { probeServer } from '../src/core/connection.js';
import { createConnectivity, startConnectivityWatch } from '../src/main/connectivity.js';
import type { ConnectivityWatch } from '../src/main/connectivity.js';
import { startLoopbackProxy } from './support/loopback-proxy.js';
import type { LoopbackProxy } from './support/loopback-proxy.js';

const INTERVAL_MS = 15_000;

let server: TestServer;
let proxy: LoopbackProxy;
let watch: ConnectivityWatch | undefined;

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startLoopbackProxy(server.url);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});
afterEach(() => {
  watch?.stop();
  proxy.offline = false;
  vi.useRealTimers();
});

/** The watch as main starts it, over the real /health probe, with the interval under the test's control. */
function watchServer(activeServerUrl: () => string | undefined = () => proxy.url) {
  // Only the interval is faked: the probe's own HTTP timeout stays real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const states: boolean[] = [];
  const connectivity = createConnectivity((state) => states.push(state.online));
  connectivity.reset(proxy.url);
  states.length = 0;
  const probes: string[] = [];
  let answered = 0;
  watch = startConnectivityWatch({
    connectivity,
    activeServerUrl,
    probe: async (url) => {
      probes.push(url);
      try {
        return (await probeServer(url)).ok;
      } finally {
        answered += 1;
      }
    },
    intervalMs: INTERVAL_MS,
  });
  const healthChecks = () => proxy.seen.filter((request) => request === 'GET /health').length;
  /** One interval passes; resolves once the probe it started has its answer (a busy machine may be slow). */
  const tick = async () => {
    const before = answered;
    vi.advanceTimersByTime(INTERVAL_MS);
    await expect.poll(() => answered).toBe(before + 1);
  };
  return { connectivity, states, probes, healthChecks, tick };
}

describe('the connectivity watch', () => {
  it('notices while idle that the server went away (离线) and that it came back (在线)', async () => {
    const { connectivity, states, tick } = watchServer();
    await tick();
    expect(connectivity.online).toBe(true);

    proxy.offline = true;
    await tick();
    await expect.poll(() => connectivity.online).toBe(false);

    proxy.offline = false;
    await tick();
    await expect.poll(() => connectivity.online).toBe(true);
    // Each change was announced once (the renderer's indicator), nothing in between.
    expect(states).toEqual([false, true]);
  });

  it('asks nothing between ticks, and checks at once when asked (window focus)', async () => {
    const { connectivity, healthChecks } = watchServer();
    const before = healthChecks();
    vi.advanceTimersByTime(INTERVAL_MS - 1);
    expect(healthChecks()).toBe(before);

    proxy.offline = true;
    await watch?.checkNow();
    expect(connectivity.online).toBe(false);
    proxy.offline = false;
    await watch?.checkNow();
    expect(connectivity.online).toBe(true);
  });

  it('sends one probe for checks that overlap', async () => {
    const { probes } = watchServer();
    await Promise.all([watch?.checkNow(), watch?.checkNow(), watch?.checkNow()]);
    expect(probes).toHaveLength(1);
  });

  it('probes nothing without an active server, and drops an answer about a server no longer active', async () => {
    let active: string | undefined;
    const { connectivity, probes } = watchServer(() => active);
    await watch?.checkNow();
    expect(probes).toEqual([]);

    // The owner switches servers while the old one's probe is under way: its "no answer" is stale.
    active = 'http://127.0.0.1:9/';
    const stale = watch?.checkNow();
    active = proxy.url;
    await stale;
    expect(probes).toEqual(['http://127.0.0.1:9/']);
    expect(connectivity.online).toBe(true);
  });

  it('tells its listeners of every probe answer, and when the server answers again after an outage', async () => {
    const { connectivity, tick } = watchServer();
    const heard: { online: boolean; cameOnline: boolean }[] = [];
    const stopListening = connectivity.onReport((report) => heard.push(report));
    await tick();
    await tick();
    proxy.offline = true;
    await tick();
    proxy.offline = false;
    await tick();
    connectivity.reset('http://127.0.0.1:9/');
    expect(heard).toEqual([
      { online: true, cameOnline: false },
      { online: true, cameOnline: false },
      { online: false, cameOnline: false },
      { online: true, cameOnline: true },
      // Another server became active (a sign-in, a switch): as good as coming back.
      { online: true, cameOnline: true },
    ]);
    stopListening();
    connectivity.report(false);
    expect(heard).toHaveLength(5);
  });

  it('stops asking once stopped', () => {
    const { probes } = watchServer();
    watch?.stop();
    vi.advanceTimersByTime(INTERVAL_MS * 3);
    expect(probes).toEqual([]);
  });
});
