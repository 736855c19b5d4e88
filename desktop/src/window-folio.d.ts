/**
 * The type of `window.folio` for renderer code (desktop/src/renderer/**, and web code that checks
 * for the desktop bridge). The object itself is built by createBridge (channels/create-bridge.ts): by the
 * preload in the app, by the Playwright harness in tests.
 */
import type { FolioBridge } from './channels';

declare global {
  interface Window {
    /** Present only inside the desktop app (or its test harness). */
    readonly folio?: FolioBridge;
  }
}
