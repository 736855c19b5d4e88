import type { Page } from '@playwright/test';

/**
 * What React says when something went wrong in a render: a minified error (`react.dev/errors/520`),
 * the development build's words, or the cause the apps log through `onRecoverableError`
 * (web/src/lib/react-errors.ts).
 */
const REACT_ERROR = /react\.dev\/errors|Minified React error|React recovered from an error|The above error occurred in/i;

/**
 * Collects every React error the page meets, with its cause: console errors and uncaught page
 * errors that come from React. A React error is a fault even when the screen recovers, and one
 * seen once in a while (React's #520) is found only if every test run records it.
 */
export function watchReactErrors(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && REACT_ERROR.test(message.text())) seen.push(message.text());
  });
  page.on('pageerror', (error) => {
    const text = `${error.name}: ${error.message}\n${error.stack ?? ''}`;
    if (REACT_ERROR.test(text)) seen.push(text);
  });
  return () => [...seen];
}

/** Fails the test with every React error the page met, cause included. */
export function expectNoReactErrors(errors: readonly string[]): void {
  if (errors.length > 0) throw new Error(`React errors during the test:\n\n${errors.join('\n\n')}`);
}
