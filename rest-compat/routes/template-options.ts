interface GlOption { id: number; name: string; glCode: string; type: { id: number } }

/** Fineract's accountingMappingOptions: the detail GL accounts a product may map, by account type. */
export function accountingMappingOptions(glAccounts: GlOption[]) {
  const ofType = (type: number) => glAccounts.filter((a) => a.type.id === type);
  return {
    assetAccountOptions: ofType(1),
    liabilityAccountOptions: ofType(2),
    equityAccountOptions: ofType(3),
    incomeAccountOptions: ofType(4),
    expenseAccountOptions: ofType(5),
  };
}

/**
 * The parts of a product template that come from other modules (currencies, payment types, the chart),
 * and the option lists of features this service lacks, empty as Fineract shows them when none are defined.
 */
export function productTemplateExtras(d: { currencies?: { selectedCurrencyOptions: unknown[] }; paymentTypes?: unknown[]; glAccounts?: GlOption[] }) {
  return {
    currencyOptions: d.currencies?.selectedCurrencyOptions ?? [],
    paymentTypeOptions: d.paymentTypes ?? [],
    accountingMappingOptions: accountingMappingOptions(d.glAccounts ?? []),
    chargeOptions: [],
    penaltyOptions: [],
  };
}
