import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireCustomer, type CustomerIdentity, type Identity } from '../kernel/identity.js';
import { MAX_PAGE } from '../kernel/paging.js';
import { beneficiaryView, type BeneficiaryView } from './beneficiary.service.js';
import { SELF_CODES } from './codes.js';
import { takeCustomerAllowance } from './customer-rate-limit.js';
import type {
  SelfAccount, SelfClient, SelfDependencies, SelfInterbankBank, SelfLoan, SelfLoanPayoff, SelfLoanTransaction, SelfNameEnquiry, SelfTransaction, SelfTransferOutcome,
} from './self.ports.js';
import { beneficiariesOf } from './self.store.js';

/** Interface 4.2's page size for a customer's transactions (the ceiling is the kernel's MAX_PAGE). */
const DEFAULT_TRANSACTION_LIMIT = 15;

export const clientNotFound = (id: unknown) => errors.notFound(SELF_CODES.clientNotFound, `Client with identifier ${id} does not exist`, id);
export const accountNotFound = (id: unknown) => errors.notFound(SELF_CODES.accountNotFound, `Savings account with identifier ${id} does not exist`, id);
const loanNotFound = (id: unknown) => errors.notFound(SELF_CODES.loanNotFound, `Loan with identifier ${id} does not exist`, id);
const transferNotFound = (id: unknown) => errors.notFound(SELF_CODES.transferNotFound, `Account transfer with identifier ${id} does not exist`, id);

interface OwnAccounts {
  savingsAccounts: SelfAccount[];
  loanAccounts: SelfLoan[];
}

/** An account as a transfer form offers it: with its holder's and office's names. */
export interface AccountOption extends SelfAccount {
  clientName: string;
  officeName: string;
}

interface TransferTemplate {
  fromAccounts: AccountOption[];
  /** The customer's own active accounts and their beneficiaries' accounts. */
  toAccounts: AccountOption[];
  /** The customer's saved beneficiaries, read in the same transaction. */
  beneficiaries: BeneficiaryView[];
}

/**
 * What a customer reads about themself. Anything that is not the session's own (another customer's,
 * another tenant's, a missing id) is the same 404: the answer never tells which.
 */
export class OwnDataService {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  private read<T>(identity: Identity, fn: (tx: Tx, customer: CustomerIdentity) => Promise<T>): Promise<T> {
    const customer = requireCustomer(identity);
    return this.db.tx(customer.tenantId, (tx) => fn(tx, customer));
  }

  async clients(identity: Identity): Promise<SelfClient[]> {
    return this.read(identity, async (tx, customer) => (await Promise.all(customer.clientIds.map((id) => this.deps.customers.client(tx, id)))).filter((c): c is SelfClient => c !== null));
  }

  async client(identity: Identity, id: number): Promise<SelfClient> {
    return this.read(identity, (tx, customer) => this.ownClient(tx, customer, id));
  }

  /** Every own account, or one own client's (404 for a client not the session's). */
  async accounts(identity: Identity, clientId?: number | null): Promise<OwnAccounts> {
    return this.read(identity, async (tx, customer) => {
      const ids = clientId == null ? customer.clientIds : [(await this.ownClient(tx, customer, clientId)).id];
      return { savingsAccounts: await this.deps.accounts.ofClients(tx, ids), loanAccounts: await this.deps.loans.ofClients(tx, ids) };
    });
  }

  async savingsAccount(identity: Identity, id: number): Promise<SelfAccount> {
    return this.read(identity, (tx, customer) => this.ownAccount(tx, customer, id));
  }

  async transactions(identity: Identity, accountId: number, page: { offset?: number | null; limit?: number | null }): Promise<{ total: number; items: SelfTransaction[] }> {
    const offset = page.offset ?? 0;
    const limit = page.limit ?? DEFAULT_TRANSACTION_LIMIT;
    const v = new Validator('savingsaccount');
    v.check(Number.isInteger(offset) && offset >= 0, 'offset', 'must.be.zero.or.greater', 'The parameter `offset` must be zero or greater.', offset);
    v.check(Number.isInteger(limit) && limit >= 1, 'limit', 'must.be.greater.than.zero', 'The parameter `limit` must be greater than zero.', limit);
    v.throwIfAny();
    return this.read(identity, async (tx, customer) => {
      await this.ownAccount(tx, customer, accountId);
      return this.deps.accounts.transactions(tx, accountId, offset, Math.min(limit, MAX_PAGE));
    });
  }

  async loan(identity: Identity, id: number): Promise<SelfLoan> {
    return this.read(identity, (tx, customer) => this.ownLoan(tx, customer, id));
  }

  /** GET /self/loans/{id}/transactions/template?command=prepayLoan: what closes my loan on the date. */
  async loanPayoff(identity: Identity, id: number, date: string | null): Promise<SelfLoanPayoff> {
    return this.read(identity, async (tx, customer) => {
      await this.ownLoan(tx, customer, id);
      return this.deps.loans.payoff(tx, id, date);
    });
  }

  async loanTransactions(identity: Identity, id: number): Promise<SelfLoanTransaction[]> {
    return this.read(identity, async (tx, customer) => {
      await this.ownLoan(tx, customer, id);
      return this.deps.loans.transactions(tx, id);
    });
  }

  /**
   * A transfer made from one of the customer's accounts: within the bank, or to another bank in its
   * current state (inter-bank transfers take their ids from the same sequence, so an id names one or the other).
   */
  async transfer(identity: Identity, id: number): Promise<SelfTransferOutcome> {
    return this.read(identity, async (tx, customer) => {
      const transfer = await this.deps.accounts.findTransfer(tx, id);
      if (transfer && customer.clientIds.includes(transfer.fromClientId)) return { kind: 'intra', transfer };
      const interbank = transfer ? null : await this.deps.interbank.ownTransfer(tx, customer, id);
      if (!interbank) throw transferNotFound(id);
      return { kind: 'interbank', transfer: interbank };
    });
  }

  /** The banks the payment switch reaches (503 when it cannot be asked). */
  async interbankBanks(identity: Identity): Promise<SelfInterbankBank[]> {
    requireCustomer(identity);
    return this.deps.interbank.banks();
  }

  /** The name on an account at another bank, before a transfer to it (404 unknown, 503 switch down). */
  async nameEnquiry(identity: Identity, bankCode: string | null | undefined, accountNumber: string | null | undefined): Promise<SelfNameEnquiry> {
    const customer = requireCustomer(identity);
    await takeCustomerAllowance(this.db, this.deps.settings, customer, 'nameEnquiry');
    return this.deps.interbank.nameEnquiry(bankCode, accountNumber);
  }

  async transferTemplate(identity: Identity): Promise<TransferTemplate> {
    return this.read(identity, async (tx, customer) => {
      const own = (await this.deps.accounts.ofClients(tx, customer.clientIds)).filter((a) => a.status === ACTIVE);
      const saved = await beneficiariesOf(tx, customer.clientIds);
      const accounts = await Promise.all(saved.map((b) => this.deps.accounts.get(tx, b.accountId)));
      const theirs = accounts.filter((a): a is SelfAccount => a !== null && !own.some((o) => o.id === a.id));
      const option = async (a: SelfAccount): Promise<AccountOption> => ({
        ...a, clientName: (await this.deps.customers.client(tx, a.clientId))?.displayName ?? '', officeName: (await this.deps.organisation.office(tx, a.officeId))?.name ?? '',
      });
      const fromAccounts = await Promise.all(own.map(option));
      return {
        fromAccounts,
        toAccounts: [...fromAccounts, ...(await Promise.all(theirs.map(option)))],
        beneficiaries: await Promise.all(saved.map((b, i) => beneficiaryView(tx, this.deps, b, accounts[i]!))),
      };
    });
  }

  private async ownClient(tx: Tx, customer: CustomerIdentity, id: number): Promise<SelfClient> {
    const client = customer.clientIds.includes(id) ? await this.deps.customers.client(tx, id) : null;
    if (!client) throw clientNotFound(id);
    return client;
  }

  private async ownAccount(tx: Tx, customer: CustomerIdentity, id: number): Promise<SelfAccount> {
    const account = await this.deps.accounts.get(tx, id);
    if (!account || !customer.clientIds.includes(account.clientId)) throw accountNotFound(id);
    return account;
  }

  private async ownLoan(tx: Tx, customer: CustomerIdentity, id: number): Promise<SelfLoan> {
    const loan = await this.deps.loans.get(tx, id);
    if (!loan || !customer.clientIds.includes(loan.clientId)) throw loanNotFound(id);
    return loan;
  }
}

const ACTIVE = 300;
