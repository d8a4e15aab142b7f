/**
 * The reports module's globalisation codes. Parameter errors are Validator codes
 * (validation.msg.report.<parameter>.<rule>), declared here so the route table and tests name them once.
 */
export const REPORTS_CODES = {
  /** Fineract's code for a report id that names no report (GET /reports/{id}). */
  reportIdInvalid: 'error.msg.report.id.invalid',
  /** A report name this module does not serve (GraphQL callers; over REST the route table only routes known names). */
  unknownReport: 'validation.msg.report.name.is.not.one.of.expected.enumerations',
  /** A period longer than the report allows: the caller narrows it (the bound keeps a statement's size in check). */
  dateRangeTooLong: 'validation.msg.report.endDate.range.exceeds.limit',
  startAfterEnd: 'validation.msg.report.endDate.is.before.startDate',
  periodRequired: 'validation.msg.report.startDate.cannot.be.blank',
  /** A statement of an account the caller may not see, or that does not exist (404, never 403). */
  savingsAccountNotFound: 'error.msg.report.savingsaccount.not.found',
  savingsTransactionNotFound: 'error.msg.report.savingstransaction.not.found',
  loanTransactionNotFound: 'error.msg.report.loantransaction.not.found',
  loanNotFound: 'error.msg.report.loan.not.found',
} as const;
