/**
 * Unicode title-case mapping of one code point. JavaScript has no `toTitleCase`; for almost every character the
 * title case equals the upper case, and this file lists the exceptions (taken from Unicode's UnicodeData and
 * SpecialCasing, as CPython applies them in `str.title()`).
 */

/** Characters whose title case is neither their upper case nor themselves, or is a different string. */
const SPECIAL_TITLE: Readonly<Record<string, string>> = {
  ß: 'Ss',
  Ǆ: 'ǅ',
  ǅ: 'ǅ',
  ǆ: 'ǅ',
  Ǉ: 'ǈ',
  ǈ: 'ǈ',
  ǉ: 'ǈ',
  Ǌ: 'ǋ',
  ǋ: 'ǋ',
  ǌ: 'ǋ',
  Ǳ: 'ǲ',
  ǲ: 'ǲ',
  ǳ: 'ǲ',
  '\u0587': '\u0535\u0582',
  '\u1fb2': '\u1fba\u0345',
  '\u1fb3': '\u1fbc',
  '\u1fb4': '\u0386\u0345',
  '\u1fb7': '\u0391\u0342\u0345',
  '\u1fbc': '\u1fbc',
  '\u1fc2': '\u1fca\u0345',
  '\u1fc3': '\u1fcc',
  '\u1fc4': '\u0389\u0345',
  '\u1fc7': '\u0397\u0342\u0345',
  '\u1fcc': '\u1fcc',
  '\u1ff2': '\u1ffa\u0345',
  '\u1ff3': '\u1ffc',
  '\u1ff4': '\u038f\u0345',
  '\u1ff7': '\u03a9\u0342\u0345',
  '\u1ffc': '\u1ffc',
  '\ufb00': 'Ff',
  '\ufb01': 'Fi',
  '\ufb02': 'Fl',
  '\ufb03': 'Ffi',
  '\ufb04': 'Ffl',
  '\ufb05': 'St',
  '\ufb06': 'St',
  '\ufb13': '\u0544\u0576',
  '\ufb14': '\u0544\u0565',
  '\ufb15': '\u0544\u056b',
  '\ufb16': '\u054e\u0576',
  '\ufb17': '\u0544\u056d',
};

/** Georgian Mkhedruli letters: upper-casing gives Mtavruli, but their title case is the letter itself. */
function isGeorgianMkhedruli(cp: number): boolean {
  return (cp >= 0x10d0 && cp <= 0x10fa) || (cp >= 0x10fd && cp <= 0x10ff);
}

/**
 * Title case of one code point `c` (a string of one code point).
 * @example titleCaseOf('ǆ') // 'ǅ'
 */
export function titleCaseOf(c: string): string {
  const special = SPECIAL_TITLE[c];
  if (special !== undefined) return special;
  const cp = c.codePointAt(0)!;
  if (isGeorgianMkhedruli(cp)) return c;
  // Greek with ypogegrammeni: title case is the prosgegrammeni form (U+1F88…), which sets bit 3.
  if (cp >= 0x1f80 && cp <= 0x1faf) return String.fromCodePoint(cp | 0x8);
  return c.toUpperCase();
}
