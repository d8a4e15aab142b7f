/** The charges module's globalisation codes (Fineract's, where Fineract has one). */
export const CHARGES_CODES = {
  chargeNotFound: 'error.msg.charge.id.invalid',
  duplicateName: 'error.msg.charge.duplicate.name',
  cannotBeDeleted: 'error.msg.charge.cannot.be.deleted.it.is.already.used.in.loan',
  cannotBeUpdated: 'error.msg.charge.cannot.be.updated.it.is.used.in.loan',
  appliesToUpdateNotSupported: 'error.msg.charge.update.of.charge.applies.to.is.not.supported',
  disbursementCannotBePenalty: 'error.msg.charge.due.at.disbursement.cannot.be.penalty',
  mustBePenalty: 'error.msg.charge.must.be.penalty',
  chargeNotActive: 'error.msg.charge.is.not.active',
  currencyNotEnabled: 'error.msg.currency.currencyCode.invalid',
  incomeAccountInvalid: 'error.msg.glaccount.id.invalid',
} as const;
