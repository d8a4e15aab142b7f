import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireCustomer, type CustomerIdentity, type Identity } from '../kernel/identity.js';
import { SELF_CODES } from './codes.js';
import { accountNotFound, clientNotFound } from './own-data.service.js';
import type { SelfClient, SelfDependencies, SelfSavingsProduct } from './self.ports.js';

export interface SavingsApplicationInput {
  clientId?: number | null;
  productId?: number | null;
  submittedOnDate?: string | null;
}

/**
 * Issue 42 item 6, savings applications as Fineract's customer apps make them: a customer applies for a
 * product the bank marked for self-service (`allowSelfService`), on the business date, and the application
 * waits (status 100) for staff to approve it through the staff flow. The customer may move a pending
 * application to another such product or withdraw it. Another customer's client or account is 404.
 */
export class SavingsApplicationService {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  private run<T>(identity: Identity, fn: (tx: Tx, customer: CustomerIdentity) => Promise<T>): Promise<T> {
    const customer = requireCustomer(identity);
    return this.db.tx(customer.tenantId, (tx) => fn(tx, customer));
  }

  /** GET /self/savingsaccounts/template: the client (the session's first when none is named) and the products it may apply for. */
  async template(identity: Identity, clientId: number | null): Promise<{ client: SelfClient; products: SelfSavingsProduct[] }> {
    return this.run(identity, async (tx, customer) => ({
      client: await this.ownClient(tx, customer, clientId ?? customer.clientIds[0]!),
      products: await this.deps.accounts.selfServiceProducts(tx),
    }));
  }

  /** POST /self/savingsaccounts: a pending application of a self-service product, submitted on the business date. */
  async apply(identity: Identity, input: SavingsApplicationInput): Promise<{ savingsId: number; clientId: number }> {
    const v = new Validator('savingsaccount');
    v.required('clientId', input.clientId);
    v.required('productId', input.productId);
    v.throwIfAny();
    return this.run(identity, async (tx, customer) => {
      const client = await this.ownClient(tx, customer, input.clientId!);
      const today = await this.deps.businessDates.today(tx);
      // The apps send the phone's date; the bank's day is the one it books on, so another day is refused, not moved.
      if (input.submittedOnDate != null && input.submittedOnDate !== today) {
        const dates = new Validator('savingsaccount');
        dates.fail('submittedOnDate', 'not.equal.to.business.date', `A self-service application is submitted on the business date (${today}).`, input.submittedOnDate, [today]);
        dates.throwIfAny();
      }
      await this.selfServiceProduct(tx, input.productId!);
      const account = await this.deps.accounts.apply(tx, customer, { clientId: client.id, productId: input.productId!, date: today });
      return { savingsId: account.id, clientId: client.id };
    });
  }

  /** PUT /self/savingsaccounts/{id}: the pending application moved to another self-service product (the client stays). */
  async modify(identity: Identity, id: number, input: SavingsApplicationInput): Promise<{ savingsId: number; clientId: number; changes: Record<string, unknown> }> {
    return this.run(identity, async (tx, customer) => {
      const account = await this.ownAccount(tx, customer, id);
      if (input.clientId != null && input.clientId !== account.clientId) {
        throw errors.domainRule(SELF_CODES.savingsClientCannotBeChanged, 'The holder of an application cannot be changed.', [id], 'clientId');
      }
      const productId = input.productId ?? account.productId;
      if (productId !== account.productId) await this.selfServiceProduct(tx, productId);
      return { savingsId: id, clientId: account.clientId, changes: await this.deps.accounts.changeProduct(tx, customer, id, productId) };
    });
  }

  /** POST /self/savingsaccounts/{id}?command=withdrawnByApplicant: on the business date, while it waits for approval. */
  async withdraw(identity: Identity, id: number): Promise<{ savingsId: number; clientId: number; changes: Record<string, unknown> }> {
    return this.run(identity, async (tx, customer) => {
      const account = await this.ownAccount(tx, customer, id);
      return { savingsId: id, clientId: account.clientId, changes: await this.deps.accounts.withdraw(tx, customer, id) };
    });
  }

  private async selfServiceProduct(tx: Tx, productId: number): Promise<void> {
    if (!(await this.deps.accounts.selfServiceProducts(tx)).some((p) => p.id === productId)) {
      throw errors.domainRule(SELF_CODES.savingsProductNotSelfService, `Savings product ${productId} cannot be applied for in self-service.`, [productId], 'productId');
    }
  }

  private async ownClient(tx: Tx, customer: CustomerIdentity, id: number): Promise<SelfClient> {
    const client = customer.clientIds.includes(id) ? await this.deps.customers.client(tx, id) : null;
    if (!client) throw clientNotFound(id);
    return client;
  }

  private async ownAccount(tx: Tx, customer: CustomerIdentity, id: number): Promise<{ clientId: number; productId: number; status: number }> {
    const account = await this.deps.accounts.get(tx, id);
    if (!account || !customer.clientIds.includes(account.clientId)) throw accountNotFound(id);
    return account;
  }
}
