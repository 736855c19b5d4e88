import { describe, expect, it } from 'vitest';
import { isReservedNickname, nicknameKey, stripBodyDisguises, stripNicknameInvisibles } from './visitor-text.js';

describe('stripNicknameInvisibles', () => {
  it('removes bidi controls, zero-width and tag characters and Hangul fillers, keeping variation selectors', () => {
    expect(stripNicknameInvisibles('\u202Enimda')).toBe('nimda');
    expect(stripNicknameInvisibles('a\u200Bb\u200Dc\u2060d\uFEFFe\u061Cf\u2066g\u{E0041}h\u3164')).toBe('abcdefgh');
    expect(stripNicknameInvisibles('❤\uFE0F 葛\u{E0100}')).toBe('❤\uFE0F 葛\u{E0100}');
  });
});

describe('stripBodyDisguises', () => {
  it('keeps emoji flag tag sequences and zero-width joiners, drops tags anywhere else', () => {
    const wales = '🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}';
    expect(stripBodyDisguises(`${wales}\u{E0001}\u{E0068}i 👩\u200D💻`)).toBe(`${wales}i 👩\u200D💻`);
    // A black flag with a long hidden message is not a flag: its tags go.
    expect(stripBodyDisguises('🏴\u{E0068}\u{E0069}\u{E0064}\u{E0064}\u{E0065}\u{E006E}\u{E0021}\u{E007F}')).toBe('🏴');
  });
});

describe('nicknameKey and isReservedNickname', () => {
  it('folds width and case and drops spaces, punctuation and symbols', () => {
    expect(nicknameKey(' Ａｄ-ｍｉｎ! ')).toBe('admin');
    expect(nicknameKey('【博 主】')).toBe('博主');
  });

  it('matches owner names, and never matches on a name with nothing left to compare', () => {
    expect(isReservedNickname('Folio 站长', ['某人', 'folio站长'])).toBe(true);
    expect(isReservedNickname('😀', [''])).toBe(false);
    expect(isReservedNickname('博主的朋友', [])).toBe(false);
  });
});
