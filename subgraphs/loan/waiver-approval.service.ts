import type { Database } from '../platform/database.js';
import { errors } from '../kernel/errors.js';
import { requireStaff, sameEyes, type Identity, type StaffIdentity } from '../kernel/identity.js';
import type { Tx } from '../kernel/tx.js';
import type { LoanApplicationService } from './loan-application.service.js';
import type { LoanDependencies } from './loan.ports.js';
import { LOAN_CODES } from './codes.js';
import type { LoanRow } from './store/loans.js';
import { decideWaiverRequest, findWaiverRequest, waiverRequestsOf, WAIVER_APPROVED, WAIVER_PENDING, WAIVER_REJECTED, type WaiverRequestRow } from './store/waiver-requests.js';
import type { WriteOffService } from './write-off.service.js';

/** A loan's waiver requests answer at most this many, newest first. */
export const MAX_WAIVER_REQUESTS = 200;

type Result = { loan: LoanRow; transactionId: number; changes: Record<string, unknown> };

/**
 * Four eyes for large interest waivers (issue 36): a waiver above loan-interest-waiver-ceiling waits as a request
 * until someone other than its maker (nor anyone acting with a key issued by or for the maker, as for withdrawals)
 * approves it, when it is made as of its date exactly as a direct waiver would be, or rejects it.
 */
export class WaiverApprovalService {
  constructor(
    private readonly db: Database,
    private readonly deps: LoanDependencies,
    private readonly applications: LoanApplicationService,
    private readonly writeOffs: WriteOffService,
  ) {}

  async list(identity: Identity, loanId: number): Promise<WaiverRequestRow[]> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.applications.requireVisible(tx, staff, loanId);
      return waiverRequestsOf(tx, loanId, MAX_WAIVER_REQUESTS);
    });
  }

  async approve(identity: Identity, loanId: number, id: number): Promise<Result> {
    const checker = requireStaff(identity, 'WAIVEINTERESTPORTION_LOAN');
    return this.db.tx(checker.tenantId, async (tx) => {
      const request = await this.pending(tx, checker, loanId, id);
      if (sameEyes({ userId: request.makerId, delegatedBy: request.makerDelegatedBy }, checker)) {
        throw errors.domainRule(LOAN_CODES.waiverApprovalByMakerNotAllowed, 'The maker of a waiver cannot approve it (four eyes).', [id]);
      }
      const made = await this.writeOffs.waiveInterestCore(tx, checker, loanId, { transactionAmount: request.amount, transactionDate: request.transactionDate, note: request.note }, 'waive');
      await decideWaiverRequest(tx, id, WAIVER_APPROVED, await this.deps.businessDates.today(tx), checker.userId, made.transactionId);
      return { ...made, changes: { ...made.changes, waiverRequestId: id, approved: true } };
    });
  }

  async reject(identity: Identity, loanId: number, id: number): Promise<Result> {
    const checker = requireStaff(identity, 'WAIVEINTERESTPORTION_LOAN');
    return this.db.tx(checker.tenantId, async (tx) => {
      await this.pending(tx, checker, loanId, id);
      const loan = await this.applications.requireVisible(tx, checker, loanId);
      await decideWaiverRequest(tx, id, WAIVER_REJECTED, await this.deps.businessDates.today(tx), checker.userId, null);
      return { loan, transactionId: id, changes: { waiverRequestId: id, rejected: true } };
    });
  }

  private async pending(tx: Tx, checker: StaffIdentity, loanId: number, id: number): Promise<WaiverRequestRow> {
    await this.applications.requireVisible(tx, checker, loanId, true);
    const request = await findWaiverRequest(tx, loanId, id, { lock: true });
    if (!request) throw errors.notFound(LOAN_CODES.waiverRequestIdInvalid, `Interest waiver request with identifier ${id} does not exist`, id);
    if (request.statusId !== WAIVER_PENDING) throw errors.domainRule(LOAN_CODES.waiverRequestNotPending, 'The waiver request was already approved or rejected.', [id]);
    return request;
  }
}
