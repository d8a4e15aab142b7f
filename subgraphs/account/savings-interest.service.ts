import type { Database } from '../platform/database.js';
import { requireStaff, type Identity, type StaffIdentity } from '../kernel/identity.js';
import { Money } from '../kernel/money.js';
import { riding } from '../kernel/outbox.js';
import type { Tx } from '../kernel/tx.js';
import type { AccountClient, AccountDependencies } from './account.ports.js';
import { INTEREST_EXPENSE_GL, LIABILITY_GL, STATUS_ACTIVE, TXN_INTEREST_POSTING, TXN_WITHHOLD_TAX, type AccountRow } from './account.rows.js';
import {
  addDays, currentPostingPeriod, endedPostingPeriods, periodEnd, periodInterest, POSTING_TYPES, type InterestSettings,
} from './domain/savings-interest.js';
import { balanceFloor } from './domain/balance-rules.js';
import { notActive } from './movement-rules.js';
import type { SavingsAccountService } from './savings-account.service.js';
import type { SavingsMovements } from './savings-movements.js';
import { loadAccount } from './store/account-read.store.js';
import { accountsForInterest, balanceMoves, interestAccount, standingPostings, type InterestAccount } from './store/interest.store.js';
import { nextTransactionId, transactionById } from './store/savings-transaction.store.js';
import { findGroups, productTaxGroup } from './store/tax.store.js';
import { WITHHOLDING_TAX_GL } from './tax.service.js';

/** What a posting run did to one account: the periods (by end date) posted anew and the postings reversed. */
export interface InterestRun {
  account: AccountRow;
  posted: { date: string; amount: string; transactionId: number; tax: string | null; taxTransactionId: number | null }[];
  reversed: number[];
}

const settingsOf = (a: InterestAccount): InterestSettings => ({
  rate: a.rate, calculationType: a.calculationType, compoundingType: a.compoundingType, postingType: a.postingType, daysInYear: a.daysInYear, minBalance: a.minBalance, digits: a.digits,
});

/**
 * Savings interest: Fineract's calculateInterest and postInterest commands, and the close of business's
 * posting. A posting period's interest is posted once it has ended, as a transaction of type 3 dated the
 * period's last day (DR interest expense 51101, CR the product's liability GL, an `account.credit` with
 * `reason: "interest"`). Every ended period is computed again each time: one whose standing posting no
 * longer matches (a backdated movement, an undo) has it reversed and the new amount posted, as Fineract does.
 */
export class SavingsInterest {
  constructor(
    private readonly db: Database,
    private readonly deps: Required<AccountDependencies>,
    private readonly accounts: SavingsAccountService,
    private readonly movements: SavingsMovements,
  ) {}

  /** What posting would credit through the business date: the ended periods' adjustments and the period in progress so far. Nothing is written. */
  async calculate(identity: Identity, accountId: number): Promise<{ account: AccountRow; changes: Record<string, unknown> }> {
    const staff = requireStaff(identity, 'CALCULATEINTEREST_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, async (tx) => {
      const { account, today } = await this.accounts.visible(tx, staff, accountId);
      const found = await interestAccount(tx, accountId);
      const changes = { interestToPost: '0', interestAccrued: '0', calculatedThrough: today };
      if (!found?.activatedOnDate || account.status !== STATUS_ACTIVE) return { account, changes };
      const settings = settingsOf(found);
      const moves = await balanceMoves(tx, accountId);
      const standing = await standingPostings(tx, accountId);
      let toPost = new Money(0);
      for (const period of endedPostingPeriods(found.activatedOnDate, addDays(today, -1), settings.postingType)) {
        const posted = standing.filter((p) => p.date === period.end).reduce((sum, p) => sum.plus(p.amount), new Money(0));
        toPost = toPost.plus(periodInterest(settings, moves, period)).minus(posted);
      }
      const current = currentPostingPeriod(found.activatedOnDate, today, settings.postingType);
      const accrued = current ? periodInterest(settings, moves, current) : '0';
      return { account, changes: { interestToPost: toPost.toFixed(settings.digits), interestAccrued: new Money(accrued).toFixed(settings.digits), calculatedThrough: today } };
    });
  }

  /** Posts the periods ended before the business date (and corrects those already posted). */
  async post(identity: Identity, accountId: number): Promise<InterestRun> {
    const staff = requireStaff(identity, 'POSTINTEREST_SAVINGSACCOUNT');
    return this.db.tx(staff.tenantId, (tx) => this.postCore(tx, staff, accountId));
  }

  async postCore(tx: Tx, staff: StaffIdentity, accountId: number): Promise<InterestRun> {
    const { account, client, today } = await this.accounts.visible(tx, staff, accountId, { lock: true });
    if (account.status !== STATUS_ACTIVE) throw notActive();
    return this.postThrough(tx, account, client, addDays(today, -1), today, staff.userId, false);
  }

  /**
   * The close of business's step for `businessDate`: the active accounts whose posting period ends that day,
   * and those with a movement backdated into a posted period, `limit` at a time after `cursor`.
   */
  async closeOfBusiness(tx: Tx, businessDate: string, cursor: number, limit: number): Promise<{ cursor: number; processed: number; done: boolean }> {
    const types = POSTING_TYPES.filter((type) => periodEnd(businessDate, type) === businessDate);
    const ids = await accountsForInterest(tx, types, cursor, limit);
    const today = await this.deps.businessDates.today(tx);
    let processed = 0;
    for (const id of ids) {
      const account = await loadAccount(tx, today, id, true);
      const client = account && (await this.deps.clients.forAccount(tx, account.clientId));
      if (!account || !client || account.status !== STATUS_ACTIVE) continue;
      const run = await this.postThrough(tx, account, client, businessDate, today, null, true);
      if (run.posted.length > 0 || run.reversed.length > 0) processed++;
    }
    return { cursor: ids.length > 0 ? ids[ids.length - 1]! : cursor, processed, done: ids.length < limit };
  }

  /**
   * Every posting period of the locked account ended by `through`, computed and posted or corrected in order.
   * A correction that lowers a posting the account no longer holds (the money was spent) is refused as an
   * undo is (403 insufficient balance); with `lenient` (the close of business, which must not stop for one
   * account) that period is left as posted and tried again at the next run.
   */
  private async postThrough(tx: Tx, account: AccountRow, client: AccountClient, through: string, today: string, actor: number | null, lenient: boolean): Promise<InterestRun> {
    const found = await interestAccount(tx, account.id);
    const run: InterestRun = { account, posted: [], reversed: [] };
    if (!found?.activatedOnDate) return run;
    const settings = settingsOf(found);
    let moves = await balanceMoves(tx, account.id);
    const standing = await standingPostings(tx, account.id);
    const taxes = await standingPostings(tx, account.id, TXN_WITHHOLD_TAX);
    const taxGroupId = await productTaxGroup(tx, account.id);
    for (const period of endedPostingPeriods(found.activatedOnDate, through, settings.postingType)) {
      const amount = periodInterest(settings, moves, period);
      const existing = standing.filter((p) => p.date === period.end);
      if (existing.length === 1 && new Money(existing[0]!.amount).eq(amount)) continue;
      if (existing.length === 0 && new Money(amount).isZero()) continue;
      const periodTaxes = taxes.filter((p) => p.date === period.end);
      // Taking the standing posting out (its tax given back first) must leave the balance at or above its floor.
      const outflow = existing.reduce((sum, p) => sum.plus(p.amount), new Money(0)).minus(periodTaxes.reduce((sum, p) => sum.plus(p.amount), new Money(0)));
      if (lenient && new Money(run.account.accountBalance).minus(outflow).lt(balanceFloor(run.account))) continue;
      // The tax withheld from a posting goes with it (undone first: it was taken after the interest).
      for (const tax of periodTaxes) {
        run.account = await this.reverse(tx, run.account, client, tax.id, today, actor);
        run.reversed.push(tax.id);
      }
      for (const posting of existing) {
        run.account = await this.reverse(tx, run.account, client, posting.id, today, actor);
        run.reversed.push(posting.id);
      }
      if (new Money(amount).gt(0)) {
        const posted = await this.credit(tx, run.account, client, period.end, amount, actor);
        const withheld = taxGroupId === null ? null : await this.withhold(tx, posted.account, client, taxGroupId, period.end, amount, actor);
        run.account = withheld?.account ?? posted.account;
        run.posted.push({ date: period.end, amount, transactionId: posted.id, tax: withheld?.amount ?? null, taxTransactionId: withheld?.id ?? null });
      }
      // Later periods earn on the corrected balance.
      moves = await balanceMoves(tx, account.id);
    }
    return run;
  }

  private async credit(tx: Tx, account: AccountRow, client: AccountClient, date: string, amount: string, actor: number | null): Promise<{ account: AccountRow; id: number }> {
    const id = await nextTransactionId(tx);
    const posting = await this.deps.journal.post(tx, {
      companionEvent: true, officeId: account.officeId, currency: account.currencyCode, date,
      lines: [{ glCode: INTEREST_EXPENSE_GL, debit: amount }, { glCode: LIABILITY_GL[account.accountType], credit: amount }],
      source: { entityType: 'SAVINGS', entityId: account.id, transactionId: `S${id}` }, comments: 'Interest posting', actor,
    });
    const bankName = await this.movements.bankName(tx);
    const base = this.movements.movementEvent(account, client, id, true, amount, 'DEPOSIT', { bankName, accountNo: account.accountNo, senderName: bankName }, { date });
    const event = riding({ ...base, data: { ...base.data, type: 'INTEREST', reason: 'interest' } }, posting.companion);
    const written = await this.movements.writeLeg(tx, {
      id, account, credit: true, amount, date, type: TXN_INTEREST_POSTING, paymentTypeId: null, isCash: false, details: {}, note: 'Interest posting', actor,
    }, { event });
    return { id, account: { ...account, accountBalance: written.runningBalance, totalDeposits: written.totalDeposits, totalWithdrawals: written.totalWithdrawals } };
  }

  /**
   * Withholding tax on a posting (Fineract's type 18): each component of the product's tax group in force on
   * the posting's date takes its percentage of the interest, rounded half-even to the currency's digits, to
   * its credit account (22201 when it names none); the total is one debit of the account (`account.debit`,
   * `reason: "tax"`). Null when no component is in force or the tax rounds to nothing.
   */
  private async withhold(tx: Tx, account: AccountRow, client: AccountClient, taxGroupId: number, date: string, interest: string, actor: number | null): Promise<{ account: AccountRow; id: number; amount: string } | null> {
    const group = (await findGroups(tx, [taxGroupId]))[0];
    const lines: { glCode: string; credit: string }[] = [];
    for (const { component, startDate } of group?.components ?? []) {
      if (startDate > date || component.startDate > date) continue;
      const part = new Money(interest).times(component.percentage).div(100).decimalPlaces(account.digitsAfterDecimal, Money.ROUND_HALF_EVEN);
      if (part.lte(0)) continue;
      const glCode = component.creditAccountId === null ? WITHHOLDING_TAX_GL : ((await this.deps.journal.glCode(tx, component.creditAccountId)) ?? WITHHOLDING_TAX_GL);
      lines.push({ glCode, credit: part.toFixed() });
    }
    const total = lines.reduce((sum, l) => sum.plus(l.credit), new Money(0));
    if (total.lte(0)) return null;
    const amount = total.toFixed(account.digitsAfterDecimal);
    const id = await nextTransactionId(tx);
    const posting = await this.deps.journal.post(tx, {
      companionEvent: true, officeId: account.officeId, currency: account.currencyCode, date,
      lines: [{ glCode: LIABILITY_GL[account.accountType], debit: amount }, ...lines],
      source: { entityType: 'SAVINGS', entityId: account.id, transactionId: `S${id}` }, comments: 'Withhold tax', actor,
    });
    const bankName = await this.movements.bankName(tx);
    const base = this.movements.movementEvent(account, client, id, false, amount, 'WITHDRAWAL', { bankName, accountNo: account.accountNo, senderName: client.displayName }, { date });
    const event = riding({ ...base, data: { ...base.data, type: 'TAX', reason: 'tax' } }, posting.companion);
    const written = await this.movements.writeLeg(tx, {
      id, account, credit: false, amount, date, type: TXN_WITHHOLD_TAX, paymentTypeId: null, isCash: false, details: {}, note: 'Withhold tax', actor,
    }, { event });
    return { id, amount, account: { ...account, accountBalance: written.runningBalance, totalDeposits: written.totalDeposits, totalWithdrawals: written.totalWithdrawals } };
  }

  /** Takes a standing posting back out (its journal reversed on the business date), announced as an undo is. */
  private async reverse(tx: Tx, account: AccountRow, client: AccountClient, transactionId: number, today: string, actor: number | null): Promise<AccountRow> {
    const txn = (await transactionById(tx, transactionId))!;
    const runningBalance = await this.movements.reverseLeg(tx, account, txn, actor, today);
    await this.deps.journal.reverse(tx, `S${txn.id}`, { date: today, actor });
    const bankName = await this.movements.bankName(tx);
    await this.movements.emitMovement(tx, account, client, txn.id, !txn.credit, txn.amount, runningBalance, 'UNDOTRANSACTION', { bankName, accountNo: account.accountNo, senderName: client.displayName }, { date: today });
    return (await loadAccount(tx, today, account.id))!;
  }
}
