/**
 * Letters of other scripts that read as Latin ones, mapped to the Latin letter they imitate, so
 * that a blocked word or a reserved nickname cannot be written past with them (Cyrillic `аdmin`,
 * Greek `ΑDMIN`). Taken from Unicode's confusables.txt (UTS #39): every single letter of the
 * Greek, Cyrillic, Armenian, Cherokee, Lisu, Coptic and Latin scripts that it lists as
 * confusable with one ASCII letter and that NFKC leaves as it is (NFKC already folds full-width,
 * mathematical and circled letters). Upper-case look-alikes map to upper case, so the table is
 * applied before lower-casing: `Η` (Greek capital eta) reads as H, `ν` (small nu) as v. The upright strokes
 * that the file reads as `l` (Greek capital iota, Cyrillic `І`, palochka) read as `I` here, since
 * they stand in for capitals.
 *
 * A small explicit table rather than the whole confusables file: the file also maps digits,
 * symbols and letter pairs (`m` to `rn`), which would hold ordinary text as a blocked word.
 */
const LATIN_LOOKALIKES: Readonly<Record<string, string>> = {
  A: '\u0391\u0410\u13AA\uA4EE',
  B: '\u0392\u0412\u13F4\uA4D0\uA7B4',
  C: '\u0421\u13DF\u2CA4\uA4DA',
  D: '\u13A0\uA4D3',
  E: '\u0395\u0415\u13AC\uA4F0',
  F: '\u03DC\uA4DD\uA798\u{1D213}',
  G: '\u050C\u13C0\u13F3\uA4D6',
  H: '\u0397\u041D\u13BB\u2C8E\uA4E7',
  I: '\u0196\u01C0\u0399\u0406\u04C0\u2C92\uA4F2',
  J: '\u037F\u0408\u13AB\uA4D9\uA7B2',
  K: '\u039A\u041A\u13E6\u2C94\uA4D7',
  L: '\u13DE\u2CD0\uA4E1\u{1D22A}',
  M: '\u039C\u03FA\u041C\u13B7\u2C98\uA4DF',
  N: '\u039D\u2C9A\uA4E0',
  O: '\u039F\u041E\u0555\u2C9E\uA4F3',
  P: '\u03A1\u0420\u13E2\u2CA2\uA4D1',
  R: '\u01A6\u13A1\u13D2\uA4E3\u{1D216}',
  S: '\u0405\u054F\u13D5\u13DA\uA4E2',
  T: '\u03A4\u0422\u13A2\u2CA6\uA4D4',
  U: '\u054D\uA4F4',
  V: '\u0474\u13D9\uA4E6\u{1D20D}',
  W: '\u051C\u13B3\u13D4\uA4EA',
  X: '\u03A7\u0425\u2CAC\uA4EB\uA7B3',
  Y: '\u03A5\u0423\u04AE\u13A9\u13BD\u2CA8\uA4EC',
  Z: '\u0396\u13C3\uA4DC',
  a: '\u0251\u03B1\u0430',
  b: '\u0184\u042C\u13CF',
  c: '\u0441\u1D04\u2CA5\uABAF',
  d: '\u0501\u13E7\uA4D2',
  e: '\u0435\u04BD\uAB32',
  f: '\u0584\u1E9D\uA799\uAB35',
  g: '\u018D\u0261\u0581\u1D83',
  h: '\u04BB\u0570\u13C2',
  i: '\u0131\u0269\u026A\u03B9\u0456\u04CF\u13A5\uA647\uAB75',
  j: '\u03F3\u0458',
  n: '\u0578\u057C',
  o: '\u03BF\u03C3\u043E\u0585\u1D0F\u1D11\u2C9F\uAB3D',
  p: '\u03C1\u0440\u2CA3',
  q: '\u051B\u0563\u0566',
  r: '\u0433\u1D26\u2C85\uAB47\uAB48\uAB81',
  s: '\u01BD\u0455\uA731\uABAA',
  u: '\u028B\u03C5\u057D\u1D1C\uA79F\uAB4E\uAB52',
  v: '\u03BD\u0475\u1D20\uABA9',
  w: '\u026F\u0461\u051D\u0561\u1D21\uAB83',
  x: '\u0445',
  y: '\u0263\u028F\u03B3\u0443\u04AF\u1D8C\u1EFF\uAB5A',
  z: '\u1D22\uAB93',
};

/** Negative circled (🅐) and negative squared (🅰) capitals, which NFKC leaves alone. */
const ENCLOSED_CAPITAL_RUNS = [0x1f150, 0x1f170] as const;

const LOOKALIKE_TO_LATIN: ReadonlyMap<string, string> = new Map([
  ...Object.entries(LATIN_LOOKALIKES).flatMap(([latin, lookalikes]) =>
    [...lookalikes].map((lookalike): [string, string] => [lookalike, latin]),
  ),
  ...ENCLOSED_CAPITAL_RUNS.flatMap((start) =>
    Array.from({ length: 26 }, (_, index): [string, string] => [
      String.fromCodePoint(start + index),
      String.fromCharCode(65 + index),
    ]),
  ),
]);

const LOOKALIKE = new RegExp(`[${[...LOOKALIKE_TO_LATIN.keys()].join('')}]`, 'gu');

/** `text` with every look-alike letter of {@link LATIN_LOOKALIKES} replaced by its Latin letter. */
export function mapLatinLookalikes(text: string): string {
  return text.replace(LOOKALIKE, (letter) => LOOKALIKE_TO_LATIN.get(letter) ?? letter);
}
