import { afterEach, describe, expect, it, vi } from 'vitest';
import { logRecoverableReactError } from './react-errors';

describe('a recoverable React error', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is logged with its cause and where it happened, not only the minified wrapper', () => {
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((message: unknown) => void logged.push(String(message)));
    const cause = new TypeError("Cannot read properties of undefined (reading 'title')");
    const wrapper = new Error('Minified React error #520; visit https://react.dev/errors/520', { cause });

    logRecoverableReactError(wrapper, { componentStack: '\n    at ArticleForm\n    at ArticleEditorPage' });

    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('React recovered from an error');
    expect(logged[0]).toContain('Minified React error #520');
    expect(logged[0]).toContain("caused by: TypeError: Cannot read properties of undefined (reading 'title')");
    expect(logged[0]).toContain('at ArticleEditorPage');
  });
});
