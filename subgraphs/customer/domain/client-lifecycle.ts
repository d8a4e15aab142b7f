import { errors, Validator } from '../../kernel/errors.js';

/** Fineract's client status ids. */
export const CLIENT_STATUS = { pending: 100, active: 300, withdrawn: 800, closed: 600, rejected: 700 } as const;

export type LifecycleCommand = 'close' | 'reject' | 'withdraw' | 'reactivate' | 'undoRejection' | 'undoWithdrawal';

interface LifecycleRule {
  /** The status the command starts from; any other is refused. */
  from: number;
  to: number;
  /** The request's date parameter. */
  dateParam: string;
  /** The request's reason parameter and the code its values come from (commands that take a reason). */
  reason?: { param: string; code: string };
  /** Fineract's action name in error codes (error.msg.client.<action>.<rule>). */
  action: string;
  /** What the client must be in, for the refusal's message and code suffix. */
  wrongStatus: string;
  /** The date the command's date cannot precede, and its name in the error code. */
  notBefore: (c: LifecycleDates) => { date: string | null; name: string };
}

export interface LifecycleDates {
  statusId: number;
  submittedOnDate: string;
  activationDate: string | null;
  closedOnDate: string | null;
  rejectedOnDate: string | null;
  withdrawnOnDate: string | null;
}

export const LIFECYCLE: Record<LifecycleCommand, LifecycleRule> = {
  close: {
    from: CLIENT_STATUS.active, to: CLIENT_STATUS.closed, dateParam: 'closureDate', action: 'close', wrongStatus: 'nonactive',
    reason: { param: 'closureReasonId', code: 'ClientClosureReason' },
    notBefore: (c) => ({ date: c.activationDate, name: 'actived' }),
  },
  reject: {
    from: CLIENT_STATUS.pending, to: CLIENT_STATUS.rejected, dateParam: 'rejectionDate', action: 'rejection', wrongStatus: 'nonpending',
    reason: { param: 'rejectionReasonId', code: 'ClientRejectReason' },
    notBefore: (c) => ({ date: c.submittedOnDate, name: 'submitted' }),
  },
  withdraw: {
    from: CLIENT_STATUS.pending, to: CLIENT_STATUS.withdrawn, dateParam: 'withdrawalDate', action: 'withdrawal', wrongStatus: 'nonpending',
    reason: { param: 'withdrawalReasonId', code: 'ClientWithdrawReason' },
    notBefore: (c) => ({ date: c.submittedOnDate, name: 'submitted' }),
  },
  // Fineract: a reactivated client is pending again and is activated anew.
  reactivate: {
    from: CLIENT_STATUS.closed, to: CLIENT_STATUS.pending, dateParam: 'reactivationDate', action: 'reactivation', wrongStatus: 'nonclosed',
    notBefore: (c) => ({ date: c.closedOnDate, name: 'closed' }),
  },
  undoRejection: {
    from: CLIENT_STATUS.rejected, to: CLIENT_STATUS.pending, dateParam: 'reopenedDate', action: 'undorejection', wrongStatus: 'nonrejected',
    notBefore: (c) => ({ date: c.rejectedOnDate, name: 'rejected' }),
  },
  undoWithdrawal: {
    from: CLIENT_STATUS.withdrawn, to: CLIENT_STATUS.pending, dateParam: 'reopenedDate', action: 'undowithdrawal', wrongStatus: 'nonwithdrawn',
    notBefore: (c) => ({ date: c.withdrawnOnDate, name: 'withdrawn' }),
  },
};

/** Request checks that need no client: date (and reason) present, date not in the future. 400 with every problem. */
export function validateLifecycleInput(command: LifecycleCommand, date: string | null | undefined, reasonId: number | null | undefined, today: string): void {
  const rule = LIFECYCLE[command];
  const v = new Validator('client');
  if (v.required(rule.dateParam, date)) {
    v.check(date! <= today, rule.dateParam, 'cannot.be.a.future.date', `The parameter \`${rule.dateParam}\` cannot be a future date.`, date);
  }
  if (rule.reason) v.required(rule.reason.param, reasonId);
  v.throwIfAny();
}

/**
 * The status the command moves the client to, or a 403 naming why not: the client is not in the
 * command's starting status, or the date is before the date it undoes or follows.
 */
export function lifecycleTransition(command: LifecycleCommand, client: LifecycleDates, date: string): number {
  const rule = LIFECYCLE[command];
  if (client.statusId !== rule.from) {
    throw errors.domainRule(`error.msg.client.${rule.action}.on.${rule.wrongStatus}.account`, `The client's status does not allow ${command} (it must be ${statusName(rule.from)}).`, [client.statusId], 'status');
  }
  const limit = rule.notBefore(client);
  if (limit.date && date < limit.date) {
    throw errors.domainRule(`error.msg.client.${rule.action}.date.cannot.before.client.${limit.name}`, `The ${rule.dateParam} cannot be before the client was ${limit.name === 'actived' ? 'activated' : limit.name} (${limit.date}).`, [date, limit.date], rule.dateParam);
  }
  return rule.to;
}

export function statusName(statusId: number): string {
  const found = Object.entries(CLIENT_STATUS).find(([, id]) => id === statusId);
  return found ? found[0] : String(statusId);
}
