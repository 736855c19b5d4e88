/**
 * The desktop bridge (`window.folio`): everything that crosses between the renderer and the main
 * process is declared in this folder once, one module per job:
 * - the domain schemas of the arguments and results (`*.schema.ts`: session and profiles,
 *   api.request, mirror, drafts, folder import, comment notices), built on the shared contracts of `@folio/shared`;
 * - `channel-table.ts`: the table of task functions and events;
 * - `bridge-reply.ts`: the reply every call answers, and `BridgeError`;
 * - `create-bridge.ts`: builds the `window.folio` object from the table. The preload calls it
 *   with `ipcRenderer.invoke`/`ipcRenderer.on`; the Playwright harness (tests/e2e/desktop) with a
 *   `page.exposeBinding` function wired to `createDispatcher(channelTable, handlers)`
 *   (desktop/src/main/dispatch.ts) and the real handlers (desktop/src/main/handlers/). Both get
 *   the same functions, so they cannot drift.
 *
 * Calling convention (renderer side): every task function takes ONE argument (none for the
 * argument-less ones) and resolves to a `BridgeReply<T>`; it never rejects for an expected
 * failure. Handlers throw `BridgeError(code, chineseMessage)`, or their own errors, which they
 * translate. Nothing here may import `electron` or Node built-ins (lint checks it): the folder is
 * bundled into the sandboxed preload and the renderer.
 */
export * from './api-request.schema';
export * from './bridge-reply';
export * from './channel-spec';
export * from './channel-table';
export * from './comments.schema';
export * from './common.schema';
export * from './create-bridge';
export * from './drafts.schema';
export * from './folder-import.schema';
export * from './home-backups.schema';
export * from './mirror.schema';
export * from './session.schema';
