import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { LocalDateScalar } from '../kernel/scalars.js';
import { withChoiceIds } from '../kernel/loan-term-enums.js';
import { enumOption, type EnumOption } from '../kernel/enum-option.type.js';
import { requireCustomer } from '../kernel/identity.js';
import { clientStatusOption } from '../kernel/client-status.js';
import type { RequestContext } from '../platform/request-context.js';
import { SAVINGS_ACCOUNT_TYPE, type BeneficiaryView } from './beneficiary.service.js';
import type { SelfAccount, SelfClient, SelfLoan, SelfTransaction, SelfTransferOutcome } from './self.ports.js';
import type { AccountOption } from './own-data.service.js';
import type { SelfServices } from './self.services.js';
import {
  BeneficiaryChangeType, BeneficiaryInputType, ClientSelfServiceChangeType, BeneficiaryTemplateType, BeneficiaryType, BeneficiaryUpdateInputType, CustomerLoginPayload, LoanOfferInputType, LoanOfferType, MeType,
  MyAccountOptionType, MyAccountsType, MyClientType, MyLoanPayoffType, MyLoanTemplateType, MyLoanTransactionType, MyLoanType, MySavingsAccountType, MyTransactionPageType,
  MyTransactionType, MyTransferTemplateType, MyTransferType, MyInterbankBankType, MyNameEnquiryType, SelfLoanApplicationInputType, SelfLoanApplicationType, SelfRegistrationInput, SelfRegistrationType,
  SelfTransferInputType,
} from './self.types.js';

const SAVINGS_STATUS: Record<number, [string, string]> = {
  100: ['savingsAccountStatusType.submitted.and.pending.approval', 'Submitted and pending approval'],
  200: ['savingsAccountStatusType.approved', 'Approved'],
  300: ['savingsAccountStatusType.active', 'Active'],
  400: ['savingsAccountStatusType.withdrawn.by.applicant', 'Withdrawn by applicant'],
  500: ['savingsAccountStatusType.rejected', 'Rejected'],
  600: ['savingsAccountStatusType.closed', 'Closed'],
};
const SAVINGS_ACCOUNT_OPTION = enumOption(SAVINGS_ACCOUNT_TYPE, 'accountType.savings', 'Savings Account');
const TRANSACTION_TYPES: Record<number, [string, string]> = { 1: ['savingsAccountTransactionType.deposit', 'Deposit'], 2: ['savingsAccountTransactionType.withdrawal', 'Withdrawal'] };

const coded = (table: Record<number, [string, string]>, id: number): EnumOption => enumOption(id, table[id]?.[0] ?? 'unknown', table[id]?.[1] ?? String(id));

const toMyClient = (c: SelfClient): MyClientType => {
  const { id, code, value } = clientStatusOption(c.statusId);
  return { ...c, status: enumOption(id, code, value) };
};

const toMySavingsAccount = (a: SelfAccount): MySavingsAccountType => ({
  ...a, status: coded(SAVINGS_STATUS, a.status),
  timeline: { submittedOnDate: a.submittedOnDate, approvedOnDate: a.approvedOnDate, activatedOnDate: a.activatedOnDate, closedOnDate: a.closedOnDate },
  blocks: { block: a.blocked, blockDebit: a.debitBlocked, blockCredit: a.creditBlocked },
});

const toMyTransaction = (t: SelfTransaction): MyTransactionType => ({
  id: t.id, transactionType: coded(TRANSACTION_TYPES, t.transactionType), entryType: t.credit ? 'CREDIT' : 'DEBIT', date: t.date, amount: t.amount,
  runningBalance: t.runningBalance, narrative: t.note, reversed: t.reversed, transferId: t.transferId,
});

const toMyLoan = (l: SelfLoan): MyLoanType => ({
  ...l,
  loanStatus: enumOption(l.status, l.statusCode, l.statusValue),
  repaymentSchedule: { periods: l.schedule.map((p) => ({ ...p, totalDueForPeriod: p.totalDue, totalOutstandingForPeriod: p.totalOutstanding })), ...l.scheduleTotals },
});

const toMyTransfer = (outcome: SelfTransferOutcome): MyTransferType => {
  const t = outcome.transfer;
  const common = { id: t.id, resourceId: t.id, transferId: t.id, savingsId: t.fromAccountId, fromAccountId: t.fromAccountId, fromAccountNo: t.fromAccountNo, transferAmount: t.amount, currencyCode: t.currencyCode, transferDate: t.transferDate, transferDescription: t.description };
  if (outcome.kind === 'intra') {
    const i = outcome.transfer;
    return {
      ...common, status: 'SUCCESSFUL', fromOfficeId: i.fromOfficeId, fromClientId: i.fromClientId, toOfficeId: i.toOfficeId, toClientId: i.toClientId, toAccountId: i.toAccountId,
      toAccountNo: i.toAccountNo, toBankCode: null, toAccountNumber: null, accountName: null, sessionId: null, reason: null,
    };
  }
  const x = outcome.transfer;
  return {
    ...common, status: x.status, fromOfficeId: x.officeId, fromClientId: x.clientId, toOfficeId: null, toClientId: null, toAccountId: null, toAccountNo: x.toAccountNumber,
    toBankCode: x.toBankCode, toAccountNumber: x.toAccountNumber, accountName: x.toAccountName, sessionId: x.sessionId, reason: x.reason,
  };
};

const toBeneficiary = (b: BeneficiaryView): BeneficiaryType => ({ ...b, accountType: SAVINGS_ACCOUNT_OPTION });

const toOption = (a: AccountOption): MyAccountOptionType => ({
  accountId: a.id, accountNo: a.accountNo, accountType: SAVINGS_ACCOUNT_OPTION, clientId: a.clientId, clientName: a.clientName, officeId: a.officeId, officeName: a.officeName, productName: a.productName,
});

/** Anonymous self-service operations (registration, login) and the customer session's mutations. */
@Resolver()
export class SelfResolver {
  constructor(private readonly services: SelfServices) {}

  @Query(() => MeType, { description: "The customer session's own data. Staff sessions are refused (403)." })
  me(@Ctx() ctx: RequestContext): MeType {
    requireCustomer(ctx.identity);
    return new MeType();
  }

  @Mutation(() => SelfRegistrationType, { description: 'Interface 4.2 registration: BVN checked, then client, Primary Savings account and self-service login in one transaction.' })
  async selfRegister(@Arg('input', () => SelfRegistrationInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: SelfRegistrationInput, @Ctx() ctx: RequestContext): Promise<SelfRegistrationType> {
    return this.services.registration.register(ctx.identity, input);
  }

  @Mutation(() => CustomerLoginPayload, { description: 'Customer login by email or mobile number; the key works only on /self paths and `me`.' })
  async selfAuthenticate(
    @Arg('username', () => String, { description: 'Login name.', nullable: true }) username: string | null,
    @Arg('password', () => String, { description: 'The password, in clear text over HTTPS; never echoed back.', nullable: true }) password: string | null,
    @Ctx() ctx: RequestContext,
  ): Promise<CustomerLoginPayload> {
    const login = await this.services.sessions.login(ctx.identity, username, password);
    return {
      username: login.username, userId: login.userId, base64EncodedAuthenticationKey: login.key, authenticated: true, officeId: login.officeId, officeName: login.officeName,
      roles: login.roles, permissions: [], shouldRenewPassword: login.shouldRenewPassword, isTwoFactorAuthenticationRequired: false, isSelfServiceUser: true, clients: login.clientIds,
    };
  }

  @Mutation(() => Int, {
    description:
      "Changes the customer's password and ends every session of theirs; answers the user id. The current password is required (400 when missing, 401 `error.msg.not.authenticated` when wrong, counted by the login throttle), and the new one twice (the policy applies).",
  })
  async selfChangePassword(
    @Arg('password', () => String, { description: 'The new password, in clear text over HTTPS; never echoed back.', nullable: true }) password: string | null,
    @Arg('repeatPassword', () => String, { description: 'The same new password again; it must match `password`. Required.', nullable: true }) repeatPassword: string | null,
    @Arg('currentPassword', () => String, { description: 'The password the customer signs in with now. Required.', nullable: true }) currentPassword: string | null,
    @Ctx() ctx: RequestContext,
  ): Promise<number> {
    return this.services.sessions.changePassword(ctx.identity, { currentPassword, password, repeatPassword });
  }

  @Mutation(() => Boolean, { description: "Revokes the customer session's key." })
  async selfLogout(@Ctx() ctx: RequestContext): Promise<boolean> {
    return this.services.sessions.logout(ctx.identity);
  }

  @Mutation(() => MyTransferType, { description: 'A transfer from an own account: to an own account or a beneficiary within its limit and the daily limit, executed at once; or (toBankCode, toAccountNumber) to another bank through the payment switch, SUCCESSFUL, PENDING or FAILED.' })
  async selfTransfer(@Arg('input', () => SelfTransferInputType, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: SelfTransferInputType, @Ctx() ctx: RequestContext): Promise<MyTransferType> {
    return toMyTransfer(await this.services.transfers.transfer(ctx.identity, input));
  }

  @Mutation(() => BeneficiaryType, { description: 'Saves a transfer beneficiary for the logged-in customer.' })
  async createBeneficiary(@Arg('input', () => BeneficiaryInputType, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: BeneficiaryInputType, @Ctx() ctx: RequestContext): Promise<BeneficiaryType> {
    return toBeneficiary(await this.services.beneficiaries.create(ctx.identity, input));
  }

  @Mutation(() => BeneficiaryChangeType, { description: 'Changes a saved beneficiary\'s name or limit.' })
  async updateBeneficiary(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Arg('input', () => BeneficiaryUpdateInputType, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: BeneficiaryUpdateInputType, @Ctx() ctx: RequestContext): Promise<BeneficiaryChangeType> {
    const { beneficiary, changes } = await this.services.beneficiaries.update(ctx.identity, id, input);
    return { beneficiary: toBeneficiary(beneficiary), changes };
  }

  @Mutation(() => SelfLoanApplicationType, { description: 'A loan application under an unexpired offer covering the principal (403 otherwise); it enters the normal approval flow.' })
  async selfApplyForLoan(@Arg('input', () => SelfLoanApplicationInputType, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: SelfLoanApplicationInputType, @Ctx() ctx: RequestContext): Promise<SelfLoanApplicationType> {
    const { loanId, clientId } = await this.services.loanOffers.apply(ctx.identity, withChoiceIds(input, 'loan'));
    return { loanId, resourceId: loanId, clientId };
  }

  @Mutation(() => ClientSelfServiceChangeType, {
    description:
      "Staff (UPDATE_CLIENTSELFSERVICE): `disable` a client's self-service login (its sessions and streams end at once), `enable` it again (an active client only), or `resetPassword` (answers a one-time password the customer must change at first login). Audited as `client.selfservice.changed`.",
  })
  async clientSelfService(
    @Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number,
    @Arg('command', () => String, { description: 'disable, enable or resetPassword.' }) command: string,
    @Ctx() ctx: RequestContext,
  ): Promise<ClientSelfServiceChangeType> {
    return this.services.clientSelfService.command(ctx.identity, clientId, command);
  }

  @Query(() => [LoanOfferType], { description: "Staff: a client's loan offers." })
  async loanOffers(@Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number, @Ctx() ctx: RequestContext): Promise<LoanOfferType[]> {
    return this.services.loanOffers.list(ctx.identity, clientId);
  }

  @Mutation(() => LoanOfferType, { description: 'Staff: records a loan offer on a client.' })
  async createLoanOffer(@Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number, @Arg('input', () => LoanOfferInputType, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: LoanOfferInputType, @Ctx() ctx: RequestContext): Promise<LoanOfferType> {
    return this.services.loanOffers.create(ctx.identity, clientId, input);
  }

  @Mutation(() => Int, { description: 'Staff: withdraws a loan offer.' })
  async deleteLoanOffer(@Arg('clientId', () => Int, { description: 'Client id.' }) clientId: number, @Arg('offerId', () => Int, { description: 'Id of the loan offer to withdraw.' }) offerId: number, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.loanOffers.delete(ctx.identity, clientId, offerId);
  }

  @Mutation(() => Int, { description: 'Deletes a saved beneficiary.' })
  async deleteBeneficiary(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.beneficiaries.delete(ctx.identity, id);
  }
}

/** `me`'s fields: each reads the session's own records, and anything else is 404. */
@Resolver(() => MeType)
export class MeResolver {
  constructor(private readonly services: SelfServices) {}

  @FieldResolver(() => MyClientType, { nullable: true, description: "The first of the session's clients (a registered customer has one)." })
  async client(@Ctx() ctx: RequestContext): Promise<MyClientType | null> {
    const clients = await this.services.ownData.clients(ctx.identity);
    return clients[0] ? toMyClient(clients[0]) : null;
  }

  @FieldResolver(() => [MyClientType], { description: 'My client records (a registered customer has one).' })
  async clients(@Ctx() ctx: RequestContext): Promise<MyClientType[]> {
    return (await this.services.ownData.clients(ctx.identity)).map(toMyClient);
  }

  @FieldResolver(() => MyClientType, { description: 'One of my client records by id; another customer\'s is "not found".', name: 'clientById' })
  async clientById(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<MyClientType> {
    return toMyClient(await this.services.ownData.client(ctx.identity, id));
  }

  @FieldResolver(() => MyAccountsType, { description: "Every own account, or one own client's." })
  async accounts(@Arg('clientId', () => Int, { description: 'Client id.', nullable: true }) clientId: number | null, @Ctx() ctx: RequestContext): Promise<MyAccountsType> {
    const own = await this.services.ownData.accounts(ctx.identity, clientId);
    return { savingsAccounts: own.savingsAccounts.map(toMySavingsAccount), loanAccounts: own.loanAccounts.map(toMyLoan) };
  }

  @FieldResolver(() => [MySavingsAccountType], { description: 'My savings and current accounts.' })
  async savingsAccounts(@Ctx() ctx: RequestContext): Promise<MySavingsAccountType[]> {
    return (await this.services.ownData.accounts(ctx.identity)).savingsAccounts.map(toMySavingsAccount);
  }

  @FieldResolver(() => MySavingsAccountType, { description: 'One of my savings or current accounts by id; another customer\'s is "not found".' })
  async savingsAccount(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<MySavingsAccountType> {
    return toMySavingsAccount(await this.services.ownData.savingsAccount(ctx.identity, id));
  }

  @FieldResolver(() => [MyLoanType], { description: 'My loans.' })
  async loans(@Ctx() ctx: RequestContext): Promise<MyLoanType[]> {
    return (await this.services.ownData.accounts(ctx.identity)).loanAccounts.map(toMyLoan);
  }

  @FieldResolver(() => MyLoanType, { description: 'One of my loans by id; another customer\'s is "not found".' })
  async loan(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<MyLoanType> {
    return toMyLoan(await this.services.ownData.loan(ctx.identity, id));
  }

  @FieldResolver(() => MyLoanPayoffType, { description: 'What closes one of my active loans on a date (the business date when omitted); another customer\'s loan is "not found".' })
  async loanPayoff(
    @Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number,
    @Ctx() ctx: RequestContext,
    @Arg('transactionDate', () => LocalDateScalar, { nullable: true, description: 'The payoff date (YYYY-MM-DD).' }) transactionDate?: string,
  ): Promise<MyLoanPayoffType> {
    return this.services.ownData.loanPayoff(ctx.identity, loanId, transactionDate ?? null);
  }

  @FieldResolver(() => [MyLoanTransactionType], { description: 'Transactions of one of my loans.' })
  async loanTransactions(@Arg('loanId', () => Int, { description: 'Loan id.' }) loanId: number, @Ctx() ctx: RequestContext): Promise<MyLoanTransactionType[]> {
    return (await this.services.ownData.loanTransactions(ctx.identity, loanId)).map((t) => ({ ...t, type: enumOption(t.type.id, t.type.code, t.type.value) }));
  }

  @FieldResolver(() => MyTransferType, { description: 'One of my transfers by id; another customer\'s is "not found".' })
  async transfer(@Arg('id', () => Int, { description: 'The record\'s id (integer), as returned in its `id` field. Another tenant\'s or office\'s record is "not found".' }) id: number, @Ctx() ctx: RequestContext): Promise<MyTransferType> {
    return toMyTransfer(await this.services.ownData.transfer(ctx.identity, id));
  }

  @FieldResolver(() => [MyInterbankBankType], { description: 'The banks inter-bank transfers reach.' })
  async interbankBanks(@Ctx() ctx: RequestContext): Promise<MyInterbankBankType[]> {
    return this.services.ownData.interbankBanks(ctx.identity);
  }

  @FieldResolver(() => MyNameEnquiryType, { description: 'The name on an account at another bank (404 unknown, 503 switch unavailable).' })
  async interbankNameEnquiry(
    @Ctx() ctx: RequestContext,
    @Arg('bankCode', () => String, { description: 'The other bank\'s code on the payment switch.', nullable: true }) bankCode?: string | null,
    @Arg('accountNumber', () => String, { description: 'The 10-digit NUBAN account number at the other bank.', nullable: true }) accountNumber?: string | null,
  ): Promise<MyNameEnquiryType> {
    return this.services.ownData.nameEnquiry(ctx.identity, bankCode, accountNumber);
  }

  @FieldResolver(() => MyTransferTemplateType, { description: 'Accounts and account types I can transfer between.' })
  async transferTemplate(@Ctx() ctx: RequestContext): Promise<MyTransferTemplateType> {
    const template = await this.services.ownData.transferTemplate(ctx.identity);
    return {
      fromAccountTypeOptions: [SAVINGS_ACCOUNT_OPTION],
      toAccountTypeOptions: [SAVINGS_ACCOUNT_OPTION],
      fromAccountOptions: template.fromAccounts.map(toOption),
      toAccountOptions: template.toAccounts.map(toOption),
      beneficiaries: template.beneficiaries.map(toBeneficiary),
    };
  }

  @FieldResolver(() => MyLoanTemplateType, { description: 'Defaults and choices for my loan application.' })
  async loanTemplate(@Arg('productId', () => Int, { description: 'Product id.' }) productId: number, @Ctx() ctx: RequestContext): Promise<MyLoanTemplateType> {
    const p = await this.services.loanOffers.template(ctx.identity, productId);
    return { ...p, loanProductId: p.id, loanProductName: p.name };
  }

  @FieldResolver(() => BeneficiaryTemplateType, { description: 'The account types a beneficiary may have.' })
  beneficiaryTemplate(@Ctx() ctx: RequestContext): BeneficiaryTemplateType {
    requireCustomer(ctx.identity);
    return { accountTypeOptions: [SAVINGS_ACCOUNT_OPTION] };
  }

  @FieldResolver(() => [BeneficiaryType], { description: 'Saved transfer beneficiaries.' })
  async beneficiaries(@Ctx() ctx: RequestContext): Promise<BeneficiaryType[]> {
    return (await this.services.beneficiaries.list(ctx.identity)).map(toBeneficiary);
  }
}

/** An own account's transactions: a list for `me`, a page for GET /self/savingsaccounts/{id}/transactions. */
@Resolver(() => MySavingsAccountType)
export class MySavingsAccountResolver {
  constructor(private readonly services: SelfServices) {}

  @FieldResolver(() => [MyTransactionType], { description: 'Newest first; 15 by default, at most 200.' })
  async transactions(
    @Root() account: MySavingsAccountType,
    @Arg('limit', () => Int, { description: 'Page size: rows to return (default 15, at most 200).', nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { description: 'Rows to skip before the page starts (0 when omitted).', nullable: true }) offset: number | null,
    @Ctx() ctx: RequestContext,
  ): Promise<MyTransactionType[]> {
    return (await this.services.ownData.transactions(ctx.identity, account.id, { limit, offset })).items.map(toMyTransaction);
  }

  @FieldResolver(() => MyTransactionPageType, { description: 'A page of my account\'s transactions, newest first.' })
  async transactionPage(
    @Root() account: MySavingsAccountType,
    @Arg('limit', () => Int, { description: 'Page size: rows to return (default 15, at most 200).', nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { description: 'Rows to skip before the page starts (0 when omitted).', nullable: true }) offset: number | null,
    @Ctx() ctx: RequestContext,
  ): Promise<MyTransactionPageType> {
    const page = await this.services.ownData.transactions(ctx.identity, account.id, { limit, offset });
    return { totalFilteredRecords: page.total, pageItems: page.items.map(toMyTransaction) };
  }
}
