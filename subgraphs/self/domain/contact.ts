/**
 * Contact rules of self-service logins, pure. Nigerian numbers arrive as `0803 123 4567`, `+2348031234567`
 * or `2348031234567`: all are the same number, stored as E.164 (`+2348031234567`), so a number can
 * neither register twice nor fail to log in because of how it was typed.
 */
const SEPARATORS = /[\s\-().]/g;
const NIGERIA = '234';

/** The E.164 form, or null when the text is not a phone number. */
export function normaliseMobile(text: string): string | null {
  const compact = text.replace(SEPARATORS, '');
  let digits: string;
  if (/^\+\d+$/.test(compact)) digits = compact.slice(1);
  else if (/^00\d+$/.test(compact)) digits = compact.slice(2);
  else if (/^0\d{10}$/.test(compact)) digits = NIGERIA + compact.slice(1);
  else if (/^234\d{10}$/.test(compact)) digits = compact;
  else return null;
  // A Nigerian number is 234 and ten digits; other countries' numbers are 8 to 15 digits in all (E.164).
  if (digits.startsWith(NIGERIA) ? digits.length !== 13 : digits.length < 8 || digits.length > 15) return null;
  return `+${digits}`;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A login name is an email when it holds an `@`; otherwise it is tried as a mobile number. */
export const looksLikeEmail = (username: string) => username.includes('@');
