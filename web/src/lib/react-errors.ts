import type { ErrorInfo } from 'react';

/** An error with its chain of causes, each with its stack: React's #520 says nothing without its cause. */
function describeError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    lines.push(
      depth === 0 ? '' : 'caused by: ',
      current instanceof Error ? `${current.name}: ${current.message}\n${current.stack ?? ''}` : String(current),
    );
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join('');
}

/**
 * A root's `onRecoverableError`: React recovered (a hydration mismatch, an error in a concurrent
 * render retried synchronously), and by default logs only its wrapper, whose minified message
 * names a code but not what went wrong. Logged with its cause and the components it happened in,
 * so a browser console or an end-to-end test can say which.
 */
export function logRecoverableReactError(error: unknown, info: ErrorInfo): void {
  console.error(`React recovered from an error: ${describeError(error)}\ncomponent stack:${info.componentStack ?? ''}`);
}
