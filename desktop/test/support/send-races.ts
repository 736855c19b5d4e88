import type { FetchFunction } from '../../src/core/http.js';
import type { Mirror } from '../../src/core/mirror.js';

/**
 * A fetch that holds the server's answer to the first matching request until `whileHeld` is done:
 * whatever the test does there happens after the server acted and before the desktop hears back.
 */
export function fetchHoldingAnswer(
  match: (method: string, path: string) => boolean,
  whileHeld: () => Promise<unknown>,
): FetchFunction {
  let held = false;
  return async (url, init) => {
    const answer = await fetch(url, init);
    if (!held && match(init.method ?? 'GET', new URL(url).pathname)) {
      held = true;
      await whileHeld();
    }
    return answer;
  };
}

/**
 * The mirror, except that the first time sync records a server answer in it, `meanwhile` runs
 * right after (and is not awaited): a save started there is still being written when sync goes on
 * to settle the draft, the narrowest moment a keystroke can come in during a send.
 */
export function mirrorWithSaveDuringSend(mirror: Mirror, meanwhile: () => void): Mirror {
  let done = false;
  const rememberArticle: Mirror['rememberArticle'] = async (article, options) => {
    const kept = await mirror.rememberArticle(article, options);
    if (!done) {
      done = true;
      meanwhile();
    }
    return kept;
  };
  return new Proxy(mirror, {
    get(target, key) {
      if (key === 'rememberArticle') return rememberArticle;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
