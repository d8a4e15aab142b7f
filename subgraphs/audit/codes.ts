import type { OrganisationCodes } from '../organisation/contract.js';

/** The audit module's globalisation codes (the HTTP status each answers with beside it), Fineract's where it has one. */
export const AUDIT_CODES = {
  /** 404. Fineract's CommandNotFoundException: an audit entry is a command source row there. */
  auditIdInvalid: 'error.msg.command.id.invalid' satisfies OrganisationCodes['commandIdInvalid'],
  /** 400. A verification range longer than one request checks (validation.msg.audit.toDate.range.too.long). */
  rangeTooLong: 'validation.msg.audit.toDate.range.too.long',
} as const;
