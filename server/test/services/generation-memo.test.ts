import { describe, expect, it } from 'vitest';
import { GenerationMemo } from '../../src/services/generation-memo.js';

describe('GenerationMemo', () => {
  it('computes a key once while the generation stays the same, and again after it moves', () => {
    let generation = 1;
    let computed = 0;
    const memo = new GenerationMemo<string>(() => generation);
    const compute = () => {
      computed += 1;
      return `value ${generation}`;
    };
    expect(memo.get('a', compute)).toBe('value 1');
    expect(memo.get('a', compute)).toBe('value 1');
    expect(computed).toBe(1);
    generation = 2;
    expect(memo.get('a', compute)).toBe('value 2');
    expect(computed).toBe(2);
  });

  it('keeps at most the given number of keys, dropping the oldest first', () => {
    let computed = 0;
    const memo = new GenerationMemo<number>(() => 0, 2);
    const compute = () => ++computed;
    memo.get('first', compute);
    memo.get('second', compute);
    memo.get('third', compute);
    expect(computed).toBe(3);
    expect(memo.get('third', compute)).toBe(3);
    expect(memo.get('second', compute)).toBe(2);
    // 'first' was dropped to make room for 'third', so it is computed again.
    expect(memo.get('first', compute)).toBe(4);
  });
});
