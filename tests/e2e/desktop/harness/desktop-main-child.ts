/**
 * The harness's desktop main in a process of its own (see desktop-main-process.ts), so a test can
 * SIGKILL it the way a crash or a power cut ends the real main process: no quit path, no flush.
 * Bridge calls come in and replies and events go out over the child's IPC channel.
 */
import { bridgeFailure } from '../../../../desktop/src/channels';
import { startDesktopMain } from './desktop-main';
import type { ChildMessage, ParentMessage } from './desktop-main-process';

function post(message: ChildMessage): void {
  process.send?.(message);
}

async function run(): Promise<void> {
  const main = await startDesktopMain({
    dataDir: process.env.FOLIO_HARNESS_DATA_DIR,
    send: { send: (event, payload) => post({ kind: 'event', event, payload }) },
  });
  process.on('message', (message: ParentMessage) => {
    void main.dispatch(message.channel, message.arg).then(
      (reply) => post({ kind: 'reply', id: message.id, reply }),
      (error: unknown) => post({ kind: 'reply', id: message.id, reply: bridgeFailure('internal', String(error)) }),
    );
  });
  // The parent going away (the test ended) ends this process too.
  process.on('disconnect', () => process.exit(0));
  post({ kind: 'ready', dataDir: main.dataDir });
}

run().catch((error: unknown) => {
  console.error('harness: the desktop main child did not start', error);
  process.exit(1);
});
