import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireCustomer, type CustomerIdentity, type Identity } from '../kernel/identity.js';
import { MAX_PAGE } from '../kernel/paging.js';
import { SELF_CODES } from './codes.js';
import { clientNotFound } from './own-data.service.js';
import type { SelfDependencies, SelfRecentTransaction } from './self.ports.js';
import { offersOf } from './self.store.js';

/** The apps ask for a page of recent transactions without a size; Fineract's default page. */
const DEFAULT_RECENT_LIMIT = 20;
/** Fineract's loan status of an application waiting for approval. */
const SUBMITTED = 100;

/** A recent transaction with the name of its account's office, as the apps show it. */
export interface RecentTransaction extends SelfRecentTransaction {
  officeId: number;
  officeName: string;
}

/**
 * What Fineract's own customer apps (the Mifos mobile app, the web self-service app) read beyond the
 * interface's own data (issue 42): recent transactions across a client's accounts, the client's office
 * name, the photo. Anything that is not the session's own is the same 404 as elsewhere.
 */
export class CustomerAppsService {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  private read<T>(identity: Identity, fn: (tx: Tx, customer: CustomerIdentity) => Promise<T>): Promise<T> {
    const customer = requireCustomer(identity);
    return this.db.tx(customer.tenantId, (tx) => fn(tx, customer));
  }

  /** GET /self/clients/{id}/transactions: the client's savings transactions, newest day first, paged. */
  async recentTransactions(identity: Identity, clientId: number, page: { offset?: number | null; limit?: number | null }): Promise<{ total: number; items: RecentTransaction[] }> {
    const offset = page.offset ?? 0;
    const limit = page.limit ?? DEFAULT_RECENT_LIMIT;
    const v = new Validator('client');
    v.check(Number.isInteger(offset) && offset >= 0, 'offset', 'must.be.zero.or.greater', 'The parameter `offset` must be zero or greater.', offset);
    v.check(Number.isInteger(limit) && limit >= 1, 'limit', 'must.be.greater.than.zero', 'The parameter `limit` must be greater than zero.', limit);
    v.throwIfAny();
    return this.read(identity, async (tx, customer) => {
      await this.ownClientId(tx, customer, clientId);
      const accounts = await this.deps.accounts.ofClients(tx, [clientId]);
      const page = await this.deps.accounts.recentTransactions(tx, accounts.map((a) => a.id), offset, Math.min(limit, MAX_PAGE));
      const officeOf = new Map(accounts.map((a) => [a.id, a.officeId]));
      const names = new Map<number, string>();
      for (const officeId of new Set(officeOf.values())) names.set(officeId, (await this.deps.organisation.office(tx, officeId))?.name ?? '');
      return {
        total: page.total,
        items: page.items.map((t) => {
          const officeId = officeOf.get(t.accountId)!;
          return { ...t, officeId, officeName: names.get(officeId) ?? '' };
        }),
      };
    });
  }

  /**
   * GET /self/loans/template without a product: the products the client holds an unexpired offer of, the
   * only ones an application is accepted for (the session's first client when none is named).
   */
  async loanProductOptions(identity: Identity, clientId: number | null): Promise<{ clientId: number; products: { id: number; name: string }[] }> {
    return this.read(identity, async (tx, customer) => {
      const id = clientId ?? customer.clientIds[0]!;
      await this.ownClientId(tx, customer, id);
      const today = await this.deps.businessDates.today(tx);
      const productIds = [...new Set((await offersOf(tx, id)).filter((o) => o.expiresOn >= today).map((o) => o.productId))];
      const products = await Promise.all(productIds.map((p) => this.deps.loans.product(tx, p)));
      return { clientId: id, products: products.filter((p) => p !== null).map((p) => ({ id: p.id, name: p.name })) };
    });
  }

  /**
   * POST /self/loans/{id}?command=withdrawnByApplicant: the customer withdraws their own application while it
   * waits for approval (an approved loan is the bank's to withdraw); the offer it used may be applied under again.
   */
  async withdrawLoan(identity: Identity, id: number): Promise<number> {
    return this.read(identity, async (tx, customer) => {
      const loan = await this.deps.loans.get(tx, id);
      if (!loan || !customer.clientIds.includes(loan.clientId)) throw errors.notFound(SELF_CODES.loanNotFound, `Loan with identifier ${id} does not exist`, id);
      if (loan.status !== SUBMITTED) throw errors.domainRule(SELF_CODES.loanWithdrawNotAllowed, 'Only an application waiting for approval can be withdrawn by the applicant.', [id]);
      await this.deps.loans.withdraw(tx, customer, id);
      return id;
    });
  }

  /** The name of an office of one of the session's records. */
  async officeName(identity: Identity, officeId: number): Promise<string> {
    return this.read(identity, async (tx) => (await this.deps.organisation.office(tx, officeId))?.name ?? '');
  }

  /** GET /self/clients/{id}/images: no photos are kept, so Fineract's "no image" for an own client (404 either way). */
  async clientImage(identity: Identity, clientId: number): Promise<never> {
    return this.read(identity, async (tx, customer) => {
      await this.ownClientId(tx, customer, clientId);
      throw errors.notFound(SELF_CODES.imageNotFound, `Image for resource clients with Identifier ${clientId} does not exist`, clientId);
    });
  }

  private async ownClientId(tx: Tx, customer: CustomerIdentity, id: number): Promise<void> {
    const client = customer.clientIds.includes(id) ? await this.deps.customers.client(tx, id) : null;
    if (!client) throw clientNotFound(id);
  }
}
