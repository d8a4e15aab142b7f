/** The currencies an institution may enable (a subset of ISO 4217, Fineract's m_currency). */
export interface CurrencyDef {
  code: string;
  name: string;
  decimalPlaces: number;
  displaySymbol: string | null;
  nameCode: string;
  /** Fineract's currency_multiplesof: amounts are rounded to multiples of it; 0 means no rounding. */
  inMultiplesOf: number;
}

const def = (code: string, name: string, decimalPlaces: number, displaySymbol: string | null): CurrencyDef => ({
  code,
  name,
  decimalPlaces,
  displaySymbol,
  nameCode: `currency.${code}`,
  inMultiplesOf: 0,
});

export const CURRENCY_CATALOGUE: CurrencyDef[] = [
  def('NGN', 'Nigerian Naira', 2, '₦'),
  def('USD', 'US Dollar', 2, '$'),
  def('EUR', 'Euro', 2, '€'),
  def('GBP', 'Pound Sterling', 2, '£'),
  def('GHS', 'Ghana Cedi', 2, 'GH₵'),
  def('KES', 'Kenyan Shilling', 2, 'KSh'),
  def('ZAR', 'South African Rand', 2, 'R'),
  def('XOF', 'CFA Franc BCEAO', 0, 'CFA'),
  def('XAF', 'CFA Franc BEAC', 0, 'FCFA'),
  def('JPY', 'Japanese Yen', 0, '¥'),
  def('CNY', 'Yuan Renminbi', 2, '¥'),
  def('INR', 'Indian Rupee', 2, '₹'),
  def('CHF', 'Swiss Franc', 2, 'CHF'),
  def('CAD', 'Canadian Dollar', 2, 'CA$'),
  def('AED', 'UAE Dirham', 2, 'د.إ'),
  def('KWD', 'Kuwaiti Dinar', 3, 'KD'),
];

export const CATALOGUE_BY_CODE = new Map(CURRENCY_CATALOGUE.map((c) => [c.code, c]));
