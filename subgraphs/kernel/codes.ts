/** The kernel module's globalisation codes: the contract clients match on, named once. */
export const KERNEL_CODES = {
  domainRuleViolation: 'validation.msg.domain.rule.violation',
  exceedsMaxLength: 'validation.msg.exceeds.max.length',
  idempotencyKeyInFlight: 'error.msg.idempotency.key.in.flight',
  idempotencyKeyReused: 'error.msg.idempotency.key.reused',
  invalidDateFormat: 'validation.msg.invalid.date.format',
  invalidDecimalFormat: 'validation.msg.invalid.decimal.format',
  invalidOrderBy: 'validation.msg.invalid.orderBy',
  invalidSortOrder: 'validation.msg.invalid.sortOrder',
  notAuthenticated: 'error.msg.not.authenticated',
  notAuthorized: 'error.msg.not.authorized',
  platformError: 'error.msg.platform.error',
  platformServerSideError: 'error.msg.platform.server.side.error',
  platformServiceConflict: 'error.msg.platform.service.conflict',
  resourceNotFound: 'error.msg.resource.not.found',
  validationErrorsExist: 'validation.msg.validation.errors.exist',
} as const;
