import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bridgeFailure } from '../../../../desktop/src/channels';
import type { BridgeReply } from '../../../../desktop/src/channels';
import type { Dispatch } from '../../../../desktop/src/main/dispatch';
import type { EventTarget } from '../../../../desktop/src/main/events';

/** Parent -> child: one bridge call. */
export interface ParentMessage {
  id: number;
  channel: string;
  arg: unknown;
}

/** Child -> parent: started, a call's reply, or a main -> renderer event. */
export type ChildMessage =
  | { kind: 'ready'; dataDir: string }
  | { kind: 'reply'; id: number; reply: BridgeReply<unknown> }
  | { kind: 'event'; event: string; payload: unknown };

export interface DesktopMainProcess {
  dataDir: string;
  /** One bridge call, answered by the child; a failure reply once the child is gone. */
  dispatch: Dispatch;
  /** SIGKILL: the process ends mid-whatever, as in a crash; resolves once it has exited. */
  kill(): Promise<void>;
  /**
   * Resolves once the channel to the process has closed: its exit may not have been seen yet,
   * the moment a late bridge call meets a closed channel.
   */
  disconnected(): Promise<void>;
}

const childEntry = fileURLToPath(new URL('./desktop-main-child.ts', import.meta.url));

/**
 * The same harness main as startDesktopMain, but in a child Node process (run through tsx), so a
 * test can kill it without its quit path and look at what reached the disk.
 */
export async function startDesktopMainProcess(options: { send: EventTarget; dataDir?: string }): Promise<DesktopMainProcess> {
  const child: ChildProcess = fork(childEntry, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...(options.dataDir ? { FOLIO_HARNESS_DATA_DIR: options.dataDir } : {}) },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (reply: BridgeReply<unknown>) => void>();
  const gone = () => bridgeFailure('internal', 'desktop main is gone');
  // Without a listener, a send on a closed channel (ERR_IPC_CHANNEL_CLOSED, EPIPE) is an
  // 'error' event that takes the whole test runner down; each call answers its own failure.
  child.on('error', () => undefined);
  const disconnected = new Promise<void>((resolve) => child.once('disconnect', () => resolve()));
  let nextId = 1;
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      for (const answer of waiting.values()) answer(gone());
      waiting.clear();
      resolve();
    }),
  );
  const dataDir = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`desktop main child exited before it was ready (code ${code})`)));
    child.on('message', (message: ChildMessage) => {
      if (message.kind === 'ready') resolve(message.dataDir);
      else if (message.kind === 'event') options.send?.send(message.event, message.payload);
      else {
        waiting.get(message.id)?.(message.reply);
        waiting.delete(message.id);
      }
    });
  });
  return {
    dataDir,
    dispatch(channel, arg) {
      // A killed process closes its channel a moment before its exit is seen.
      if (exited || !child.connected) return Promise.resolve(gone());
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.send({ id, channel, arg } satisfies ParentMessage, (error) => {
          if (!error || !waiting.has(id)) return;
          waiting.delete(id);
          resolve(gone());
        });
      });
    },
    async kill() {
      if (!exited) child.kill('SIGKILL');
      await exit;
    },
    disconnected: () => disconnected,
  };
}
