import BigNumber from 'bignumber.js';
import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../../kernel/identity.js';
import { nextValue } from '../../kernel/sequence.js';
import { chargeAmount } from '../domain/amount.js';
import { APPLIES_TO } from '../domain/charge-kinds.js';
import { CHARGES_CODES, CLIENT_CHARGE_CODES } from '../codes.js';
import type { ChargesDependencies } from '../ports.js';
import * as charges from '../store/charge.store.js';
import * as store from '../store/client-charge.store.js';
import { chargeNotFound } from './charge-definition.command.js';

/** POST /clients/{clientId}/charges. */
export interface ClientChargeInput {
  chargeId?: number | null;
  amount?: string | null;
  dueDate?: string | null;
}

/** POST /clients/{clientId}/charges/{id}?command=paycharge: paid from one of the client's savings or current accounts. */
export interface PayClientChargeInput {
  amount?: string | null;
  transactionDate?: string | null;
  savingsAccountId?: number | null;
}

/** Fineract's savings transaction type of a charge paid from an account ("Pay Charge"). */
const TXN_PAY_CHARGE = 7;

export const clientChargeNotFound = (id: number) => errors.notFound(CLIENT_CHARGE_CODES.notFound, `Client charge with identifier ${id} does not exist`, id);
const rule = (code: string, message: string, args: unknown[] = [], parameterName?: string) => errors.domainRule(code, message, args, parameterName);

/**
 * Charges on clients, not tied to an account (a membership fee): added from a client charge definition, paid
 * from one of the client's savings or current accounts (a Pay Charge transaction: DR the account's liability,
 * CR the charge's income account, `account.debit` with reason "fee"), or waived (nothing posted). The only
 * writer of charges.client_charge.
 */
export class ClientChargeCommands {
  constructor(
    private readonly db: Database,
    private readonly deps: ChargesDependencies,
  ) {}

  async add(identity: Identity, clientId: number, input: ClientChargeInput): Promise<number> {
    const actor = requireStaff(identity, 'CREATE_CLIENTCHARGE');
    return this.db.tx(actor.tenantId, (tx) => this.addCore(tx, actor, clientId, input));
  }

  async addCore(tx: Tx, actor: Actor, clientId: number, input: ClientChargeInput): Promise<number> {
    const client = await this.visibleClient(tx, actor, clientId);
    const v = new Validator('clientcharge');
    v.required('chargeId', input.chargeId);
    v.required('dueDate', input.dueDate);
    v.check(input.amount == null || new BigNumber(input.amount).gt(0), 'amount', 'not.greater.than.zero', 'The parameter `amount` must be greater than 0.', input.amount);
    v.throwIfAny();
    if (!client.active) throw rule(CLIENT_CHARGE_CODES.clientNotActive, `Client with identifier ${clientId} is not active.`, [clientId]);
    const definition = await charges.findCharge(tx, input.chargeId!);
    if (!definition) throw chargeNotFound(input.chargeId!);
    if (definition.appliesTo !== APPLIES_TO.client.id) throw rule(CLIENT_CHARGE_CODES.cannotApply, `Charge '${definition.name}' cannot be applied to clients.`, [definition.id], 'chargeId');
    if (!definition.active) throw rule(CHARGES_CODES.chargeNotActive, `Charge '${definition.name}' is not active.`, [definition.id], 'chargeId');
    const currency = await this.deps.currency(tx, definition.currencyCode);
    const amount = chargeAmount({ calculationTypeId: definition.calculationType, amount: input.amount ?? definition.amount, digits: currency?.decimalPlaces ?? 2 });
    const id = await nextValue(tx, 'client_charge');
    await store.insertClientCharge(tx, id, { clientId, chargeId: definition.id, dueDate: input.dueDate!, amount }, actor.userId);
    return id;
  }

  async pay(identity: Identity, clientId: number, id: number, input: PayClientChargeInput): Promise<{ id: number; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'PAY_CLIENTCHARGE');
    return this.db.tx(actor.tenantId, (tx) => this.payCore(tx, actor, clientId, id, input));
  }

  /** Pays what is owed (or `amount` of it) from the client's own account, in one transaction with the account's movement. */
  async payCore(tx: Tx, actor: Actor, clientId: number, id: number, input: PayClientChargeInput): Promise<{ id: number; changes: Record<string, unknown> }> {
    await this.visibleClient(tx, actor, clientId);
    const v = new Validator('clientcharge');
    v.required('savingsAccountId', input.savingsAccountId);
    v.throwIfAny();
    const row = await this.locked(tx, clientId, id);
    const outstanding = new BigNumber(row.amountOutstanding);
    if (outstanding.isZero()) throw rule(CLIENT_CHARGE_CODES.nothingOutstanding, 'Nothing is outstanding on this charge.', [id]);
    const amount = new BigNumber(input.amount ?? row.amountOutstanding);
    if (!amount.gt(0) || amount.gt(outstanding)) {
      throw rule(CLIENT_CHARGE_CODES.exceedsOutstanding, `The amount must be greater than 0 and at most the outstanding ${outstanding.toFixed()}.`, [amount.toFixed(), outstanding.toFixed()], 'amount');
    }
    const account = await this.deps.savings.visible(tx, actor, input.savingsAccountId!);
    // Another client's account is not this client's to pay from: as if it did not exist.
    if (account.clientId !== clientId) throw errors.notFound(CLIENT_CHARGE_CODES.accountNotFound, `Savings account with identifier ${account.id} does not exist`, account.id);
    if (account.currencyCode !== row.currencyCode) throw rule(CLIENT_CHARGE_CODES.currencyMismatch, `The account is in ${account.currencyCode}, the charge in ${row.currencyCode}.`, [account.id], 'savingsAccountId');
    const income = await this.deps.glAccount(tx, { id: row.incomeAccountId });
    if (!income) throw new Error(`client charge ${id}: income account ${row.incomeAccountId} is gone`);
    const date = input.transactionDate ?? (await this.deps.businessDates.today(tx));
    // The account module takes it and calls back `collected` with the id negated (a client charge, not a savings charge).
    await this.deps.savings.payFee(tx, actor, account.id, { feeId: -id, chargeName: row.name, amount: amount.toFixed(), incomeGlCode: income.glCode, transactionType: TXN_PAY_CHARGE }, date, actor.userId);
    return { id, changes: { amount: amount.toFixed(), transactionDate: date, savingsAccountId: account.id } };
  }

  async waive(identity: Identity, clientId: number, id: number): Promise<{ id: number; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'WAIVE_CLIENTCHARGE');
    return this.db.tx(actor.tenantId, async (tx) => {
      await this.visibleClient(tx, actor, clientId);
      const row = await this.locked(tx, clientId, id);
      if (new BigNumber(row.amountOutstanding).isZero()) throw rule(CLIENT_CHARGE_CODES.nothingOutstanding, 'Nothing is outstanding on this charge.', [id]);
      await store.waiveOutstanding(tx, id);
      return { id, changes: { amountWaived: new BigNumber(row.amountOutstanding).toFixed() } };
    });
  }

  /** The client when the caller may see it; 404 with the customer module's code otherwise. */
  async visibleClient(tx: Tx, identity: Identity, clientId: number): Promise<{ id: number; active: boolean }> {
    const client = await this.deps.client(tx, clientId);
    if (!client || !(await this.deps.canSee(tx, identity, { officeId: client.officeId, staffId: client.staffId, clientId: client.id }))) {
      throw errors.notFound(CLIENT_CHARGE_CODES.clientNotFound, `Client with identifier ${clientId} does not exist`, clientId);
    }
    return client;
  }

  private async locked(tx: Tx, clientId: number, id: number): Promise<store.ClientChargeRow> {
    const row = await store.findClientCharge(tx, clientId, id, true);
    if (!row) throw clientChargeNotFound(id);
    return row;
  }
}
