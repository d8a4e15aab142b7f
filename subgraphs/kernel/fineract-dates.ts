/**
 * Fineract request dates: a string in the body's `dateFormat` (a Java DateTimeFormatter pattern such as
 * "dd MMMM yyyy") and `locale` ("en", "fr", "en_GB"). Parsing is case-insensitive and accepts unpadded
 * days and months (Fineract itself fails on "2 August 2024"; integrators send it).
 * Month names come from ICU (Intl), so every locale Node knows works, not only en and fr.
 */

type Token = { kind: 'day' | 'month' | 'monthName' | 'year' | 'literal'; text: string };

export class DateFormatError extends Error {
  constructor(readonly reason: 'pattern' | 'value' | 'locale', message: string) {
    super(message);
  }
}

function tokenize(pattern: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end < 0) throw new DateFormatError('pattern', `Unterminated quote in date format "${pattern}"`);
      tokens.push({ kind: 'literal', text: end === i + 1 ? "'" : pattern.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    let j = i;
    while (j < pattern.length && pattern[j] === c) j++;
    const run = pattern.slice(i, j);
    if (c === 'd') tokens.push({ kind: 'day', text: run });
    else if (c === 'M' || c === 'L') tokens.push({ kind: run.length >= 3 ? 'monthName' : 'month', text: run });
    else if (c === 'y' || c === 'u') tokens.push({ kind: 'year', text: run });
    else if (/[a-zA-Z]/.test(c)) throw new DateFormatError('pattern', `Unsupported letter "${c}" in date format "${pattern}"`);
    else tokens.push({ kind: 'literal', text: run });
    i = j;
  }
  return tokens;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/\./g, '').toLowerCase();
}

const monthNameCache = new Map<string, { name: string; month: number }[]>();

function monthNames(locale: string): { name: string; month: number }[] {
  const tag = locale.replaceAll('_', '-');
  let names = monthNameCache.get(tag);
  if (!names) {
    names = [];
    for (const style of ['long', 'short'] as const) {
      for (const ctx of ['format', 'standalone'] as const) {
        const format = new Intl.DateTimeFormat(tag, ctx === 'format' ? { month: style, day: 'numeric', timeZone: 'UTC' } : { month: style, timeZone: 'UTC' });
        for (let m = 0; m < 12; m++) {
          const part = format.formatToParts(new Date(Date.UTC(2024, m, 1))).find((p) => p.type === 'month');
          if (part) names.push({ name: fold(part.value), month: m + 1 });
        }
      }
    }
    // Longest first, so "juillet" is tried before "juil" and "june" before "jun".
    names.sort((a, b) => b.name.length - a.name.length);
    monthNameCache.set(tag, names);
  }
  return names;
}

/** Longer dates, patterns or locales are nobody's real input; refusing them keeps parsing linear and small. */
const MAX_DATE_TEXT = 64;
const shown = (text: string) => (text.length > 24 ? `${text.slice(0, 24)}...` : text);

/** Intl's verdict on each locale text already asked about: a body with dates asks several times, the same "en". */
const localeVerdicts = new Map<string, boolean>();
/** Locales are the caller's text: past this many distinct ones the verdicts start over. */
const MAX_LOCALE_VERDICTS = 256;

/** A BCP 47 / Java locale ("en", "en_GB", "fr-CI") that Intl accepts; "!!" is not one and must not reach Intl. */
export function isValidLocale(locale: string): boolean {
  if (locale.length > 35 || !/^[A-Za-z]{2,8}([_-][A-Za-z0-9]{1,8})*$/.test(locale)) return false;
  let valid = localeVerdicts.get(locale);
  if (valid === undefined) {
    try {
      valid = Intl.getCanonicalLocales(locale.replaceAll('_', '-')).length === 1;
    } catch {
      valid = false;
    }
    if (localeVerdicts.size >= MAX_LOCALE_VERDICTS) localeVerdicts.clear();
    localeVerdicts.set(locale, valid);
  }
  return valid;
}

/** Parses `value` with a Java-style `pattern` in `locale`; returns ISO YYYY-MM-DD or throws DateFormatError. */
export function parseFineractDate(value: string, pattern: string, locale: string): string {
  if (!isValidLocale(locale)) throw new DateFormatError('locale', `The locale "${shown(locale)}" is not a valid locale.`);
  if (pattern.length > MAX_DATE_TEXT) throw new DateFormatError('pattern', `The date format "${shown(pattern)}" is too long.`);
  if (value.length > MAX_DATE_TEXT) throw new DateFormatError('value', `The date "${shown(value)}" is too long.`);
  const tokens = tokenize(pattern);
  const input = value.trim();
  // Case and diacritic folding (normalize, a Unicode regex) is for month names only: numeric patterns skip it.
  let folded: string | undefined;
  let pos = 0;
  let day: number | undefined;
  let month: number | undefined;
  let year: number | undefined;
  const fail = (): never => {
    throw new DateFormatError('value', `The date "${value}" does not match the format "${pattern}".`);
  };
  const readDigits = (max: number): number => {
    const m = /^\d+/.exec(input.slice(pos));
    if (!m) fail();
    const digits = m![0].slice(0, max);
    pos += digits.length;
    return Number(digits);
  };
  for (const token of tokens) {
    switch (token.kind) {
      case 'day':
        day = readDigits(2);
        break;
      case 'month':
        month = readDigits(2);
        break;
      case 'year': {
        const start = pos;
        const y = readDigits(token.text.length === 2 ? 2 : 4);
        year = pos - start === 2 && token.text.length === 2 ? 2000 + y : y;
        break;
      }
      case 'monthName': {
        folded ??= fold(input);
        const foldedPos = fold(input.slice(0, pos)).length;
        const rest = folded.slice(foldedPos);
        const hit = monthNames(locale).find((n) => rest.startsWith(n.name));
        if (!hit) fail();
        month = hit!.month;
        // Advance through the original text by the folded length (diacritics and dots fold away).
        let consumed = 0;
        while (pos < input.length && fold(input.slice(0, pos)).length - foldedPos < hit!.name.length) {
          pos++;
          consumed++;
        }
        if (input[pos] === '.') pos++;
        if (consumed === 0) fail();
        break;
      }
      case 'literal': {
        const literal = token.text;
        if (literal.trim() === '') {
          const spaces = /^\s*/.exec(input.slice(pos))![0];
          pos += spaces.length;
        } else if (input.slice(pos, pos + literal.length).toLowerCase() === literal.toLowerCase()) {
          pos += literal.length;
        } else fail();
        break;
      }
    }
  }
  if (pos !== input.length || day === undefined || month === undefined || year === undefined) fail();
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) fail();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** ISO date to Fineract's response form [yyyy, m, d]. */
export function toDateArray(iso: string): [number, number, number] {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/**
 * ISO YYYY-MM-DD written with a Java-style `pattern` in `locale` (the inverse of parseFineractDate), as
 * Fineract echoes dates in a command's `changes`. Month names are the locale's own (long for MMMM, short
 * for MMM). Throws DateFormatError for a pattern or locale parseFineractDate would refuse.
 */
export function formatFineractDate(iso: string, pattern: string, locale: string): string {
  if (!isValidLocale(locale)) throw new DateFormatError('locale', `The locale "${shown(locale)}" is not a valid locale.`);
  if (pattern.length > MAX_DATE_TEXT) throw new DateFormatError('pattern', `The date format "${shown(pattern)}" is too long.`);
  const [year, month, day] = toDateArray(iso);
  const tag = locale.replaceAll('_', '-');
  const monthName = (style: 'long' | 'short') =>
    new Intl.DateTimeFormat(tag, { month: style, day: 'numeric', timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2024, month - 1, 1))).find((p) => p.type === 'month')!.value;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return tokenize(pattern).map((token) => {
    switch (token.kind) {
      case 'day': return pad(day, token.text.length);
      case 'month': return pad(month, token.text.length);
      case 'monthName': return monthName(token.text.length >= 4 ? 'long' : 'short');
      case 'year': return token.text.length === 2 ? pad(year % 100, 2) : pad(year, token.text.length);
      case 'literal': return token.text;
    }
  }).join('');
}
