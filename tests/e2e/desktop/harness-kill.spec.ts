import { expect, test } from '@playwright/test';
import { startDesktopMainProcess } from './harness/desktop-main-process';

test.describe('the desktop harness under a killed main process', () => {
  test('a bridge call that meets the closed channel of a killed main is refused, and the runner lives on', async () => {
    const main = await startDesktopMainProcess({ send: undefined });
    const inFlight = main.dispatch('drafts.list', undefined);
    const killed = main.kill();
    // The channel closes a moment before the exit is seen: a call made then meets a closed channel.
    await main.disconnected();
    const late = await main.dispatch('drafts.list', undefined);
    await killed;
    const afterExit = await main.dispatch('drafts.list', undefined);
    expect(late.ok).toBe(false);
    expect(afterExit.ok).toBe(false);
    // The call sent before the kill has an answer too, whichever came first.
    expect(typeof (await inFlight).ok).toBe('boolean');
  });
});
