import type { Database } from '../platform/database.js';
import { errors } from '../kernel/errors.js';
import { requireCustomer, type Identity } from '../kernel/identity.js';
import { formatAmount } from '../kernel/money.js';
import { SELF_CODES } from './codes.js';
import { selfLoanTerms } from './domain/loan-terms.js';
import type { SelfDependencies, SelfLoanApplication } from './self.ports.js';
import { coveringOffer, recordOfferApplication } from './self.store.js';

/** Fineract's loan status of an application waiting for approval. */
const SUBMITTED = 100;
/** Loan statuses of a live application: submitted and pending approval, approved and not yet disbursed. */
const LIVE_APPLICATION = new Set([100, 200]);

/**
 * PUT /self/loans/{id}: the customer changes their own application while it waits for approval, under the
 * same rules as applying (an unexpired offer of the product covering the principal, the product's price
 * and shape); the loan module re-draws the schedule and drops approvals given to the old terms.
 */
export class LoanApplicationEditService {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  async modify(identity: Identity, id: number, input: SelfLoanApplication): Promise<{ loanId: number; clientId: number; changes: Record<string, unknown> }> {
    const customer = requireCustomer(identity);
    return this.db.tx(customer.tenantId, async (tx) => {
      const loan = await this.deps.loans.get(tx, id);
      if (!loan || !customer.clientIds.includes(loan.clientId)) throw errors.notFound(SELF_CODES.loanNotFound, `Loan with identifier ${id} does not exist`, id);
      if (loan.status !== SUBMITTED) throw errors.domainRule(SELF_CODES.loanCannotModify, 'Only an application waiting for approval can be changed.', [id]);
      if (input.clientId != null && input.clientId !== loan.clientId) throw errors.domainRule(SELF_CODES.loanClientCannotBeChanged, 'The borrower of an application cannot be changed.', [id], 'clientId');
      const productId = input.productId ?? loan.productId;
      const principal = input.principal ?? loan.principal;
      const today = await this.deps.businessDates.today(tx);
      const offer = await coveringOffer(tx, loan.clientId, productId, formatAmount(principal), today);
      const product = offer && (await this.deps.loans.product(tx, productId));
      if (!offer || !product) {
        throw errors.domainRule(SELF_CODES.loanNotPrequalified, 'There is no unexpired offer of this product covering this principal for you.', [productId, principal], 'principal');
      }
      const { terms, validator } = selfLoanTerms(product, { ...input, clientId: loan.clientId, productId, principal }, today);
      validator.throwIfAny();
      // The offer may carry another live application (one offer, one application at a time).
      const other = offer.loanId === null || offer.loanId === id ? null : await this.deps.loans.get(tx, offer.loanId);
      if (other && LIVE_APPLICATION.has(other.status)) {
        throw errors.domainRule(SELF_CODES.loanOfferInUse, `Loan ${other.id} applied for under this offer is still pending.`, [offer.id, other.id], 'productId');
      }
      const changes = await this.deps.loans.modify(tx, customer, id, terms);
      await recordOfferApplication(tx, offer.id, id, customer.userId);
      return { loanId: id, clientId: loan.clientId, changes };
    });
  }
}
