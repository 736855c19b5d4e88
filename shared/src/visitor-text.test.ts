import { describe, expect, it } from 'vitest';
import {
  holdsBlockedWord,
  isReservedNickname,
  nicknameKey,
  readingKey,
  stripBodyDisguises,
  stripNicknameInvisibles,
} from './visitor-text.js';

describe('stripNicknameInvisibles', () => {
  it('removes every default-ignorable character, variation selectors included', () => {
    expect(stripNicknameInvisibles('\u202Enimda')).toBe('nimda');
    expect(stripNicknameInvisibles('a\u200Bb\u200Dc\u2060d\uFEFFe\u061Cf\u2066g\u{E0041}h\u3164')).toBe('abcdefgh');
    expect(stripNicknameInvisibles('a\u00ADd\u034Fm\uFE0Fi\u{E0100}n\u180E')).toBe('admin');
  });
});

describe('stripBodyDisguises', () => {
  it('keeps emoji flag tag sequences and joiners between emoji, drops tags and joiners anywhere else', () => {
    const wales = '🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}';
    expect(stripBodyDisguises(`${wales}\u{E0001}\u{E0068}i 👩\u200D💻 👍\u{1F3FD}\u200D`)).toBe(
      `${wales}i 👩\u200D💻 👍\u{1F3FD}`,
    );
    // A black flag with a long hidden message is not a flag: its tags go.
    expect(stripBodyDisguises('🏴\u{E0068}\u{E0069}\u{E0064}\u{E0064}\u{E0065}\u{E006E}\u{E0021}\u{E007F}')).toBe('🏴');
    expect(stripBodyDisguises('ca\u200Dsi\u200Cno')).toBe('casino');
  });

  it('removes the invisible characters that hide a word, keeping those that change how text is drawn', () => {
    expect(stripBodyDisguises('c\u200Ba\u00ADs\u2060i\uFEFFn\u034Fo\uFE0F 赌\u200B博')).toBe('casino 赌博');
    // Emoji and CJK glyph variants, Persian and Hindi joiners, bidi marks around punctuation.
    const drawn = '❤\uFE0F ☺\uFE0E 葛\u{E0100} می\u200Cخواهم क्\u200Dष עברית\u200F! \u200Eabc';
    expect(stripBodyDisguises(drawn)).toBe(drawn);
    // The same marks inside a Latin word draw nothing.
    expect(stripBodyDisguises('ab\u200Ec o\uFE0Fk')).toBe('abc ok');
  });
});

describe('readingKey and holdsBlockedWord', () => {
  it('read full-width, mathematical, circled and look-alike letters as the Latin ones, without invisible characters', () => {
    for (const disguised of [
      'ｃａｓｉｎｏ',
      '\u{1D41C}\u{1D41A}\u{1D42C}\u{1D422}\u{1D427}\u{1D428}',
      '\u24D2\u24D0\u24E2\u24D8\u24DD\u24DE',
      '\u24B8\u24B6\u24C8\u24BE\u24C3\u24C4',
      '\u{1F172}\u{1F170}\u{1F182}\u{1F178}\u{1F17D}\u{1F17E}',
      '\u0441\u0430\u0455\u0456n\u043E',
      '\u0421\u0410\u0405\u0406\u039D\u039F',
      'ca\u00ADs\u034Fi\u2060n\uFEFFo\u{E0020}',
    ]) {
      expect(readingKey(disguised), disguised).toBe('casino');
    }
    expect(readingKey('\u0397 \u03BD')).toBe('h v');
  });

  it('matches a blocked word however it is disguised, and only where it is', () => {
    expect(holdsBlockedWord('来玩 ｃａｓ\u200Bｉｎｏ', ['Casino'])).toBe(true);
    expect(holdsBlockedWord('赌\u200B博', ['赌博'])).toBe(true);
    expect(holdsBlockedWord('Casablanca', ['casino'])).toBe(false);
    expect(holdsBlockedWord('anything', ['\u200B', ' '])).toBe(false);
  });
});

describe('nicknameKey and isReservedNickname', () => {
  const owner = (author = '', username = 'admin') => ({ author, username });

  it('folds width, case and look-alike letters and drops spaces, punctuation, symbols and invisible characters', () => {
    expect(nicknameKey(' Ａｄ-ｍｉｎ! ')).toBe('admin');
    expect(nicknameKey('【博 主】')).toBe('博主');
    expect(nicknameKey('\u0430dmin\uFE0F')).toBe('admin');
  });

  it('matches owner names, and never matches on a name with nothing left to compare', () => {
    expect(isReservedNickname('Folio 站长', owner('某人', 'folio站长'))).toBe(true);
    expect(isReservedNickname('😀', owner())).toBe(false);
    expect(isReservedNickname('博主的朋友', owner())).toBe(false);
  });

  it('refuses look-alikes and names holding the 作者 mark or the author name', () => {
    for (const name of [
      'admin\uFE0F',
      'owner\u{E0100}',
      '\u0430dmin',
      'Alice Chen 作者',
      '作者 Alice Chen',
      'ALICE-CHEN 2',
      '小明作者',
    ]) {
      expect(isReservedNickname(name, owner('Alice Chen')), name).toBe(true);
    }
    expect(isReservedNickname('张小明的读者', owner('张小明'))).toBe(true);
    // A short Latin author name is part of too many names to refuse them all.
    expect(isReservedNickname('Bobby', owner('Bob'))).toBe(false);
    expect(isReservedNickname('Bob', owner('Bob'))).toBe(true);
    expect(isReservedNickname('Alice', owner('Alice Chen'))).toBe(false);
  });
});
