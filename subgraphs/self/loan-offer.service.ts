import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireCustomer, requireStaff, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { formatAmount, Money } from '../kernel/money.js';
import { nextValue } from '../kernel/sequence.js';
import { SELF_CODES } from './codes.js';
import { clientNotFound } from './own-data.service.js';
import type { SelfDependencies, SelfLoanApplication, SelfLoanProduct } from './self.ports.js';
import { coveringOffer, deleteOffer, insertOffer, offersOf, recordOfferApplication, type LoanOfferRow } from './self.store.js';
import { selfLoanTerms } from './domain/loan-terms.js';

export interface LoanOfferInput {
  productId?: number | null;
  maxPrincipal?: string | null;
  expiresOn?: string | null;
}

/** The only loan type a customer applies for. */
const INDIVIDUAL = 'individual';
/** Loan statuses of a live application: submitted and pending approval, approved and not yet disbursed. */
const LIVE_APPLICATION = new Set([100, 200]);

const productNotFound = (id: unknown) => errors.notFound(SELF_CODES.loanproductIdInvalid, `Loan product with identifier ${id} does not exist`, id);

/**
 * Loans for pre-qualified customers: staff record offers (a product, a maximum principal, an expiry) on a
 * client; the customer's application is accepted only under an unexpired offer of that product whose
 * maximum covers the principal, and then enters the normal approval flow.
 */
export class LoanOfferService {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  async create(identity: Identity, clientId: number, input: LoanOfferInput): Promise<LoanOfferRow> {
    const staff = requireStaff(identity, 'CREATE_LOAN');
    const v = new Validator('loanoffer');
    v.required('productId', input.productId);
    if (v.required('maxPrincipal', input.maxPrincipal)) v.check(new Money(input.maxPrincipal!).gt(0), 'maxPrincipal', 'must.be.greater.than.zero', 'The parameter `maxPrincipal` must be greater than zero.', input.maxPrincipal);
    v.required('expiresOn', input.expiresOn);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.visibleClient(tx, staff, clientId);
      if (!(await this.deps.loans.product(tx, input.productId!))) throw productNotFound(input.productId);
      const offer: LoanOfferRow = { id: await nextValue(tx, 'self.loan_offer'), clientId, productId: input.productId!, maxPrincipal: formatAmount(input.maxPrincipal!), expiresOn: input.expiresOn! };
      await insertOffer(tx, offer, staff.userId);
      return offer;
    });
  }

  async list(identity: Identity, clientId: number): Promise<LoanOfferRow[]> {
    const staff = requireStaff(identity, 'READ_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.visibleClient(tx, staff, clientId);
      return offersOf(tx, clientId);
    });
  }

  async delete(identity: Identity, clientId: number, offerId: number): Promise<number> {
    const staff = requireStaff(identity, 'CREATE_LOAN');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.visibleClient(tx, staff, clientId);
      if (!(await deleteOffer(tx, clientId, offerId, staff.userId))) throw errors.notFound(SELF_CODES.loanOfferNotFound, `Loan offer with identifier ${offerId} does not exist`, offerId);
      return offerId;
    });
  }

  /** POST /self/loans: accepted only under a covering offer; nothing is created otherwise. */
  async apply(identity: Identity, input: SelfLoanApplication): Promise<{ loanId: number; clientId: number }> {
    const customer = requireCustomer(identity);
    const v = new Validator('loan');
    v.required('clientId', input.clientId);
    v.required('productId', input.productId);
    v.required('principal', input.principal);
    if (input.loanType != null) v.check(input.loanType.toLowerCase() === INDIVIDUAL, 'loanType', 'is.not.one.of.expected.enumerations', 'Customers apply for individual loans (loanType "individual").', input.loanType);
    v.throwIfAny();
    if (!customer.clientIds.includes(input.clientId!)) throw clientNotFound(input.clientId);
    return this.db.tx(customer.tenantId, async (tx) => {
      const today = await this.deps.businessDates.today(tx);
      const offer = await coveringOffer(tx, input.clientId!, input.productId!, formatAmount(input.principal!), today);
      const product = offer && (await this.deps.loans.product(tx, input.productId!));
      if (!offer || !product) {
        throw errors.domainRule(SELF_CODES.loanNotPrequalified, 'There is no unexpired offer of this product covering this principal for you.', [input.productId, input.principal], 'principal');
      }
      // The price and shape are the product's: a customer's own rate, dates or term are 400, nothing created.
      const { terms, validator } = selfLoanTerms(product, input, today);
      validator.throwIfAny();
      // The offer's row is locked: a concurrent second application waits here and then sees the first.
      const previous = offer.loanId === null ? null : await this.deps.loans.get(tx, offer.loanId);
      if (previous && LIVE_APPLICATION.has(previous.status)) {
        throw errors.domainRule(SELF_CODES.loanOfferInUse, `Loan ${previous.id} applied for under this offer is still pending.`, [offer.id, previous.id], 'productId');
      }
      const { id } = await this.deps.loans.apply(tx, customer, { ...terms, loanType: INDIVIDUAL });
      await recordOfferApplication(tx, offer.id, id, customer.userId);
      return { loanId: id, clientId: input.clientId! };
    });
  }

  /** GET /self/loans/template?productId=: the product's terms (404 for an unknown product). */
  async template(identity: Identity, productId: number): Promise<SelfLoanProduct> {
    const customer = requireCustomer(identity);
    return this.db.tx(customer.tenantId, async (tx) => {
      const product = await this.deps.loans.product(tx, productId);
      if (!product) throw productNotFound(productId);
      return product;
    });
  }

  private async visibleClient(tx: Tx, staff: StaffIdentity, clientId: number): Promise<void> {
    if (!(await this.deps.customers.visibleToStaff(tx, staff, clientId))) throw clientNotFound(clientId);
  }
}
