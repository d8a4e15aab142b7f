/**
 * NUBAN (CBN's Nigeria Uniform Bank Account Number): a 9-digit serial plus one check digit computed over
 * the 3-digit bank code and the serial with the weights 3,7,3,3,7,3,3,7,3,3,7,3:
 * check digit = (10 - (weighted sum mod 10)) mod 10.
 */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

export function nubanCheckDigit(bankCode: string, serial: string): number {
  if (!/^\d{3}$/.test(bankCode)) throw new Error(`bank code must be 3 digits, got "${bankCode}"`);
  if (!/^\d{9}$/.test(serial)) throw new Error(`NUBAN serial must be 9 digits, got "${serial}"`);
  const digits = `${bankCode}${serial}`;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(digits[i]) * WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

/** The 10-digit account number for the n-th account of a tenant (n >= 1). */
export function nuban(bankCode: string, serialNumber: number): string {
  if (!Number.isInteger(serialNumber) || serialNumber < 1 || serialNumber > 999_999_999) throw new Error(`NUBAN serial out of range: ${serialNumber}`);
  const serial = String(serialNumber).padStart(9, '0');
  return `${serial}${nubanCheckDigit(bankCode, serial)}`;
}

/** True when the account number's last digit is the check digit for this bank code. */
export function isValidNuban(bankCode: string, accountNo: string): boolean {
  if (!/^\d{10}$/.test(accountNo)) return false;
  return nubanCheckDigit(bankCode, accountNo.slice(0, 9)) === Number(accountNo[9]);
}
