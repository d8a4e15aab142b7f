import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { noteAudit, PROCESSING_RESULT } from '../kernel/audit.js';
import { requireStaff, sameEyes, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { PAYMENTS_CODES } from './codes.js';
import { findTransferBySession } from './payments.store.js';
import type { PaymentsDependencies } from './payments.ports.js';
import {
  creditedInbound, decideReturn, findReturn, insertReturn, listReturns, lockReturn, type InterbankReturnRow, type NewInterbankReturn, type ReturnDirection,
} from './interbank-return.store.js';

/** A return as a maker submits it: which leg (its direction and switch session id) and why. */
export interface InterbankReturnRequest {
  direction?: string | null;
  sessionId?: string | null;
  reason?: string | null;
}

const DIRECTIONS: readonly ReturnDirection[] = ['OUTBOUND', 'INBOUND'];
const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'];

const returnNotFound = (id: unknown) => errors.notFound(PAYMENTS_CODES.returnNotFound, `Inter-bank return with identifier ${id} does not exist`, id);
const legNotFound = (direction: string, sessionId: string) =>
  errors.notFound(PAYMENTS_CODES.returnLegNotFound, direction === 'OUTBOUND'
    ? `No SUCCESSFUL inter-bank transfer with session ${sessionId}.`
    : `No credited inbound credit with session ${sessionId}.`, sessionId);
const rule = (code: string, message: string, args: unknown[]) => errors.domainRule(code, message, args);

/**
 * Returns of inter-bank legs (issue 33 point 7). Undo is refused on a leg the switch settled; when the
 * switch confirms that an outbound transfer came back, or an inbound credit is to be sent back, a maker
 * submits a return and a different user approves it (four eyes, as for withdrawals above the ceiling).
 * Only the approval moves money: a new savings transaction against GL 11201 with its event, in the
 * approval's transaction, and the settlement report counts it on the day it was approved.
 */
export class InterbankReturnService {
  constructor(
    private readonly db: Database,
    private readonly deps: PaymentsDependencies,
  ) {}

  async submit(identity: Identity, input: InterbankReturnRequest): Promise<InterbankReturnRow> {
    const staff = requireStaff(identity, 'CREATE_INTERBANKRETURN');
    const v = new Validator('interbankreturn');
    if (v.required('direction', input.direction)) {
      v.check(DIRECTIONS.includes(input.direction as ReturnDirection), 'direction', 'invalid', 'The parameter `direction` is OUTBOUND or INBOUND.', input.direction);
    }
    if (v.required('sessionId', input.sessionId)) v.maxLength('sessionId', input.sessionId, 64);
    if (v.required('reason', input.reason)) v.maxLength('reason', input.reason, 500);
    v.throwIfAny();
    const direction = input.direction as ReturnDirection;
    const sessionId = input.sessionId!;
    return this.db.tx(staff.tenantId, async (tx) => {
      const leg = await this.leg(tx, direction, sessionId);
      const offices = await this.deps.officesInScope(tx, staff);
      if (!leg || (offices && !offices.includes(leg.officeId))) throw legNotFound(direction, sessionId);
      const id = await insertReturn(tx, { ...leg, reason: input.reason!, makerId: staff.userId, makerDelegatedBy: staff.delegatedBy ?? null });
      if (id === null) throw rule(PAYMENTS_CODES.returnExists, `The ${direction.toLowerCase()} leg of session ${sessionId} already has a pending or approved return.`, [sessionId]);
      noteAudit({ entityName: 'INTERBANKRETURN', actionName: 'CREATE', resourceId: id, processingResult: PROCESSING_RESULT.awaitingApproval });
      return (await findReturn(tx, id))!;
    });
  }

  /** Four eyes: never the maker, nor a key issued by or for the maker. Posts the return and records it APPROVED. */
  async approve(identity: Identity, id: number): Promise<InterbankReturnRow> {
    const staff = requireStaff(identity, 'APPROVE_INTERBANKRETURN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const pending = await this.pending(tx, staff, id);
      if (sameEyes({ userId: pending.makerId, delegatedBy: pending.makerDelegatedBy }, staff)) {
        throw rule(PAYMENTS_CODES.returnCannotApproveOwn, 'The maker of an inter-bank return cannot approve it.', [id]);
      }
      const originator = pending.direction === 'OUTBOUND' ? await this.outboundOriginator(tx, pending) : (await creditedInbound(tx, pending.sessionId))!.originator;
      const posted = await this.deps.accounts.returnLeg(tx, {
        accountId: pending.accountId, credit: pending.direction === 'OUTBOUND', amount: pending.amount, sessionId: pending.sessionId,
        note: `Inter-bank return: ${pending.reason}`, originator,
      });
      await decideReturn(tx, id, { status: 'APPROVED', checkerId: staff.userId, savingsTransactionId: posted.savingsTransactionId, returnedOn: await this.deps.businessDates.today(tx) });
      noteAudit({
        entityName: 'INTERBANKRETURN', actionName: 'APPROVE', resourceId: id, subresourceId: posted.savingsTransactionId, makerId: pending.makerId,
        makerDelegatedBy: pending.makerDelegatedBy, checkerId: staff.userId, checkedAt: new Date(), processingResult: PROCESSING_RESULT.processed,
      });
      return (await findReturn(tx, id))!;
    });
  }

  async reject(identity: Identity, id: number): Promise<InterbankReturnRow> {
    const staff = requireStaff(identity, 'REJECT_INTERBANKRETURN');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.pending(tx, staff, id);
      await decideReturn(tx, id, { status: 'REJECTED', checkerId: staff.userId, savingsTransactionId: null, returnedOn: null });
      noteAudit({ entityName: 'INTERBANKRETURN', actionName: 'REJECT', resourceId: id, processingResult: PROCESSING_RESULT.rejected });
      return (await findReturn(tx, id))!;
    });
  }

  async list(identity: Identity, status: string | null | undefined): Promise<InterbankReturnRow[]> {
    const staff = requireStaff(identity, 'READ_INTERBANKRETURN');
    const v = new Validator('interbankreturn');
    v.check(status == null || STATUSES.includes(status), 'status', 'invalid', 'The parameter `status` is PENDING, APPROVED or REJECTED.', status);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => listReturns(tx, { status, officeIds: await this.deps.officesInScope(tx, staff) }));
  }

  async get(identity: Identity, id: number): Promise<InterbankReturnRow> {
    const staff = requireStaff(identity, 'READ_INTERBANKRETURN');
    return this.db.tx(staff.tenantId, async (tx) => {
      const found = await findReturn(tx, id);
      const offices = await this.deps.officesInScope(tx, staff);
      if (!found || (offices && !offices.includes(found.officeId))) throw returnNotFound(id);
      return found;
    });
  }

  /** The settled leg a return would reverse, or null when there is none (a PENDING or FAILED transfer moved nothing). */
  private async leg(tx: Tx, direction: ReturnDirection, sessionId: string): Promise<Omit<NewInterbankReturn, 'reason' | 'makerId' | 'makerDelegatedBy'> | null> {
    if (direction === 'OUTBOUND') {
      const transfer = await findTransferBySession(tx, sessionId);
      if (!transfer || transfer.status !== 'SUCCESSFUL' || transfer.savingsTransactionId === null) return null;
      return {
        direction, sessionId, transferId: transfer.id, accountId: transfer.fromAccountId, accountNo: transfer.fromAccountNo, clientId: transfer.clientId,
        officeId: transfer.officeId, originalTransactionId: transfer.savingsTransactionId, amount: transfer.amount, currencyCode: transfer.currencyCode,
      };
    }
    const credit = await creditedInbound(tx, sessionId);
    const account = credit && (await this.deps.accounts.account(tx, credit.accountId));
    if (!credit || !account) return null;
    return {
      direction, sessionId, transferId: null, accountId: account.id, accountNo: account.accountNo, clientId: account.clientId, officeId: account.officeId,
      originalTransactionId: credit.savingsTransactionId, amount: credit.amount, currencyCode: credit.currency,
    };
  }

  /** Locked, PENDING and in the caller's offices (another office's is "not found"). */
  private async pending(tx: Tx, staff: StaffIdentity, id: number): Promise<InterbankReturnRow> {
    const found = await lockReturn(tx, id);
    const offices = await this.deps.officesInScope(tx, staff);
    if (!found || (offices && !offices.includes(found.officeId))) throw returnNotFound(id);
    if (found.status !== 'PENDING') throw rule(PAYMENTS_CODES.returnNotPending, `Inter-bank return ${id} is ${found.status}.`, [id, found.status]);
    return found;
  }

  /** The refund names the transfer's own originator: this bank, the customer's account and name. */
  private async outboundOriginator(tx: Tx, r: InterbankReturnRow): Promise<{ bankName: string; accountNo: string; senderName: string }> {
    const bankName = (await this.deps.settings.read(tx, 'bank-name')).stringValue ?? '';
    return { bankName, accountNo: r.accountNo, senderName: await this.deps.clientName(tx, r.clientId) };
  }
}
