import BigNumber from 'bignumber.js';
import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { errors, Validator } from '../../kernel/errors.js';
import { requireStaff, type Identity, type StaffIdentity } from '../../kernel/identity.js';
import { COLLECTION_SHEET_CODES } from '../codes.js';
import type { Level } from '../domain/grouping.js';
import type { GroupsDependencies } from '../ports.js';
import type { CollectionSheetQueries } from '../queries/collection-sheet.query.js';
import type { GroupingResult } from './grouping-checks.js';

/** Lines one sheet may carry: a center is a few groups of a few members, each with a loan and a savings account or two. */
export const MAX_SHEET_LINES = 500;

export interface SaveCollectionSheetInput {
  transactionDate?: string | null;
  paymentTypeId?: number | null;
  actualDisbursementDate?: string | null;
  bulkRepaymentTransactions?: { loanId?: number | null; transactionAmount?: string | null }[] | null;
  bulkSavingsDueTransactions?: { savingsId?: number | null; transactionAmount?: string | null }[] | null;
  bulkDisbursementTransactions?: { loanId?: number | null }[] | null;
}

interface Line {
  id: number;
  amount: string;
}

/** Lines with an id and a positive amount; a line paying nothing (an absent member's 0) is skipped, as Fineract does. */
function linesOf(v: Validator, field: string, idName: string, raw: readonly { transactionAmount?: string | null }[], idOf: (l: object) => number | null | undefined): Line[] {
  const lines: Line[] = [];
  raw.forEach((l, i) => {
    const id = idOf(l);
    const amount = l.transactionAmount == null ? null : new BigNumber(l.transactionAmount);
    if (id == null) v.fail(`${field}[${i}].${idName}`, 'cannot.be.blank', `The parameter \`${idName}\` of line ${i} is mandatory.`);
    else if (amount === null || !amount.isFinite() || amount.lt(0)) v.fail(`${field}[${i}].transactionAmount`, 'zero.or.greater', `Line ${i}'s transactionAmount must be 0 or more.`, l.transactionAmount);
    else if (amount.gt(0)) lines.push({ id, amount: amount.toFixed() });
  });
  return lines;
}

/**
 * Saves a center's or group's collection sheet: every repayment and deposit through the loan and savings
 * command cores in ONE transaction, so a line that fails leaves nothing of the sheet written. Each
 * repayment and deposit writes its own journal entry and event. Lines are posted in id order, so two
 * sheets naming the same accounts take their row locks in one order.
 */
export class CollectionSheetCommands {
  constructor(
    private readonly db: Database,
    private readonly deps: GroupsDependencies,
    private readonly sheets: CollectionSheetQueries,
  ) {}

  async save(identity: Identity, level: Level, id: number, input: SaveCollectionSheetInput): Promise<GroupingResult> {
    const staff = requireStaff(identity, 'SAVE_COLLECTIONSHEET');
    const v = new Validator('collectionsheet');
    const repayments = input.bulkRepaymentTransactions ?? [];
    const deposits = input.bulkSavingsDueTransactions ?? [];
    const disbursements = input.bulkDisbursementTransactions ?? [];
    if (repayments.length + deposits.length + disbursements.length > MAX_SHEET_LINES) {
      v.fail('bulkRepaymentTransactions', 'exceeds.max.length', `At most ${MAX_SHEET_LINES} lines per sheet.`, undefined, [MAX_SHEET_LINES]);
      v.throwIfAny();
    }
    v.required('transactionDate', input.transactionDate);
    // Disbursing on the sheet is not built: loans are disbursed one by one (POST /loans/{id}?command=disburse).
    if (disbursements.length > 0) v.fail('bulkDisbursementTransactions', 'not.supported', 'Disbursements on a collection sheet are not supported; disburse each loan.');
    const loanLines = linesOf(v, 'bulkRepaymentTransactions', 'loanId', repayments, (l) => (l as { loanId?: number | null }).loanId);
    const savingsLines = linesOf(v, 'bulkSavingsDueTransactions', 'savingsId', deposits, (l) => (l as { savingsId?: number | null }).savingsId);
    v.throwIfAny();
    return this.db.tx(staff.tenantId, (tx) => this.saveCore(tx, staff, level, id, input.transactionDate!, input.paymentTypeId ?? null, loanLines, savingsLines));
  }

  async saveCore(tx: Tx, staff: StaffIdentity, level: Level, id: number, date: string, paymentTypeId: number | null, loanLines: Line[], savingsLines: Line[]): Promise<GroupingResult> {
    // The grouping's row is locked: a member leaving mid-save cannot slip a line past the membership check.
    const scope = await this.sheets.scope(tx, staff, level, id, date, true);
    const loans = new Set(scope.loans.map((l) => l.loanId));
    const savings = new Set(scope.savings.map((s) => s.id));
    // A line outside the sheet (another group's, another tenant's) is "not found", whatever it is.
    for (const l of loanLines) {
      if (!loans.has(l.id)) throw errors.notFound(COLLECTION_SHEET_CODES.loanIdInvalid, `Loan with identifier ${l.id} does not exist on this collection sheet`, l.id);
    }
    for (const s of savingsLines) {
      if (!savings.has(s.id)) throw errors.notFound(COLLECTION_SHEET_CODES.savingsIdInvalid, `Savings account with identifier ${s.id} does not exist on this collection sheet`, s.id);
    }
    const byId = (a: Line, b: Line) => a.id - b.id;
    const loanTransactions: number[] = [];
    for (const l of [...loanLines].sort(byId)) {
      loanTransactions.push((await this.deps.repay(tx, staff, l.id, { transactionDate: date, transactionAmount: l.amount, paymentTypeId })).transactionId);
    }
    const savingsTransactions: number[] = [];
    for (const s of [...savingsLines].sort(byId)) {
      savingsTransactions.push((await this.deps.deposit(tx, staff, s.id, { transactionDate: date, transactionAmount: s.amount, paymentTypeId })).transactionId);
    }
    return { id, officeId: scope.row.officeId, changes: { loanTransactions, SavingsTransactions: savingsTransactions } };
  }
}
