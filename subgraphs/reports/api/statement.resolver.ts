import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { LocalDateScalar } from '../../kernel/scalars.js';
import type { RequestContext } from '../../platform/request-context.js';
import type { ReportsServices } from '../reports.services.js';
import { PortfolioReportType } from './portfolio-report.types.js';
import { LoanReceiptType, SavingsReceiptType, SavingsStatementType } from './statement.types.js';

/** Account statements: staff over their scope, customers over their own accounts. */
@Resolver()
export class StatementResolver {
  constructor(private readonly services: ReportsServices) {}

  @Query(() => SavingsStatementType, { description: 'A savings or current account statement: opening balance, each transaction with its running balance, totals, closing balance. At most 366 days.' })
  async savingsStatement(
    @Arg('accountId', () => Int, { description: 'The savings or current account id; one you may not see is "not found".' }) accountId: number,
    @Arg('fromDate', () => LocalDateScalar, { description: 'First day of the period.', nullable: true }) fromDate: string | undefined,
    @Arg('toDate', () => LocalDateScalar, { description: 'Last day of the period.', nullable: true }) toDate: string | undefined,
    @Ctx() ctx: RequestContext,
  ): Promise<SavingsStatementType> {
    const s = await this.services.statements.savings(ctx.identity, accountId, fromDate, toDate);
    const a = s.account;
    return {
      institutionName: a.institutionName, accountId: a.id, accountNo: a.accountNo, productName: a.productName, currencyCode: a.currencyCode, decimalPlaces: a.digits, clientName: a.clientName, cif: a.cif,
      officeName: a.officeName, fromDate: s.fromDate, toDate: s.toDate, openingBalance: s.openingBalance, lines: s.lines, totalDebits: s.totalDebits,
      totalCredits: s.totalCredits, closingBalance: s.closingBalance,
    };
  }

  @Query(() => SavingsReceiptType, { description: 'A receipt for one savings transaction; one you may not see is "not found".' })
  async savingsReceipt(@Arg('transactionId', () => Int, { description: 'The savings transaction id.' }) transactionId: number, @Ctx() ctx: RequestContext): Promise<SavingsReceiptType> {
    const r = await this.services.statements.savingsReceipt(ctx.identity, transactionId);
    const a = r.account;
    return {
      institutionName: a.institutionName, accountNo: a.accountNo, productName: a.productName, currencyCode: a.currencyCode, decimalPlaces: a.digits, clientName: a.clientName,
      cif: a.cif, officeName: a.officeName, transactionId: r.transactionId, date: r.date, type: r.type, description: r.description, credit: r.credit, amount: r.amount,
      balanceAfter: r.balanceAfter, reversed: r.reversed,
    };
  }

  @Query(() => LoanReceiptType, { description: 'A receipt for one loan transaction; one you may not see is "not found".' })
  async loanReceipt(@Arg('transactionId', () => Int, { description: 'The loan transaction id.' }) transactionId: number, @Ctx() ctx: RequestContext): Promise<LoanReceiptType> {
    const r = await this.services.statements.loanReceipt(ctx.identity, transactionId);
    const w = r.row;
    return {
      institutionName: w.institutionName, loanId: w.loanId, accountNo: w.accountNo, productName: w.productName, currencyCode: w.currencyCode, decimalPlaces: w.digits,
      clientName: w.clientName, cif: w.cif, officeName: w.officeName, transactionId: w.id, date: w.transactionDate, type: r.type, amount: r.amount, principal: r.principal,
      interest: r.interest, fees: r.fees, penalties: r.penalties, outstandingAfter: r.outstandingAfter, reversed: w.reversed,
    };
  }

  @Query(() => PortfolioReportType, { description: 'A loan\'s repayment schedule as the "Loan Account Schedule" report; a loan you may not see is "not found".' })
  async loanAccountSchedule(@Arg('loanId', () => Int, { description: 'The loan id.' }) loanId: number, @Ctx() ctx: RequestContext): Promise<PortfolioReportType> {
    const table = await this.services.statements.loanSchedule(ctx.identity, loanId);
    return { reportName: 'Loan Account Schedule', columnHeaders: table.columnHeaders, rows: table.rows.map((cells) => ({ cells })) };
  }
}
