import type { OrganisationCodes } from '../organisation/contract.js';

// A code another module owns is written `'…' satisfies <Owner>Codes['key']`: the owner's contract names it,
// and a type-only import cannot bring the text, so it is repeated here and checked against the owner's.
/** The till module's globalisation codes: the contract clients match on, named once. */
export const TILL_CODES = {
  cashierAlreadyAllocated: 'error.msg.cashier.already.allocated',
  cashierAlreadySettled: 'error.msg.cashier.already.settled',
  cashierCurrencyMismatch: 'error.msg.cashier.currency.mismatch',
  cashierEndDateIsLessThanStartDate: 'validation.msg.cashier.endDate.is.less.than.start.date',
  cashierHasTransactions: 'error.msg.cashier.has.transactions',
  cashierInsufficientAmount: 'error.msg.cashier.insufficient.amount',
  cashierInsufficientTillBalance: 'error.msg.cashier.insufficient.till.balance',
  cashierInvalidAmount: 'error.msg.cashier.invalid.amount',
  cashierNoOpenTill: 'error.msg.cashier.no.open.till',
  cashierNotFound: 'error.msg.cashier.not.found',
  cashierSettlementDateInFuture: 'error.msg.cashier.settlement.date.in.future',
  cashierStaffNotInTellerOffice: 'error.msg.cashier.staff.not.in.teller.office',
  cashierStartTimeCannotBeBlank: 'validation.msg.cashier.startTime.cannot.be.blank',
  officeIdInvalid: 'error.msg.office.id.invalid' satisfies OrganisationCodes['officeIdInvalid'],
  staffIdInvalid: 'error.msg.staff.id.invalid' satisfies OrganisationCodes['staffIdInvalid'],
  tellerDuplicateName: 'error.msg.teller.duplicate.name',
  tellerEndDateIsLessThanStartDate: 'validation.msg.teller.endDate.is.less.than.start.date',
  tellerHasCashiers: 'error.msg.teller.has.cashiers',
  tellerInactive: 'error.msg.teller.inactive',
  tellerNotFound: 'error.msg.teller.not.found',
  tellerOfficeCannotChange: 'error.msg.teller.office.cannot.change',
} as const;
