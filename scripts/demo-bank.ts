import { randomBytes } from 'node:crypto';
import BigNumber from 'bignumber.js';
import type { StaffIdentity } from '../subgraphs/kernel/identity.js';
import type { Services } from '../subgraphs/registry.js';

/** How big a bank: `npm run seed -- demo --clients 20 --days 10` makes a small one for tests. */
export interface DemoSize {
  clients: number;
  /** Days of history, ending on today's calendar date (UTC): the tenant's business date walks through them. */
  days: number;
}

export const DEFAULT_DEMO_SIZE: DemoSize = { clients: 200, days: 90 };

export interface DemoSummary {
  /** False when the tenant already held the demo bank: nothing was added. */
  created: boolean;
  clients: number;
  savingsTransactions: number;
  loans: number;
}

/** Progress of a run: `done` of `total` steps, and what is being done. */
export type Progress = (done: number, total: number, stage: string) => void;

/** The first branch names the demo bank: a tenant that has it already holds the demo data. */
const BRANCHES = ['Ikeja Branch', 'Yaba Branch', 'Kano Branch'] as const;
const FIRST_NAMES = ['Adaeze', 'Chinedu', 'Ngozi', 'Emeka', 'Funke', 'Tunde', 'Aisha', 'Ibrahim', 'Kemi', 'Segun', 'Halima', 'Obinna', 'Yetunde', 'Musa', 'Chioma', 'Femi', 'Zainab', 'Uche', 'Bisi', 'Sani'];
const LAST_NAMES = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Ogunleye', 'Abubakar', 'Nwosu', 'Balogun', 'Okonkwo', 'Lawal', 'Obi', 'Adebayo', 'Danjuma', 'Ihejirika', 'Olawale'];
const PRIMARY_SAVINGS = 'Primary Savings';
const BANK_TRANSFER = 2;
const SAVINGS = 2;
const SUPER_USER_ROLE = 1;
const ACTIVE_TELLER = 300;
/** Tier 1's caps (50,000 a credit, 300,000 across the client's accounts) hold with room to spare. */
const BALANCE_CEILING = new BigNumber(200_000);

/** A deterministic generator, so a demo bank looks the same on every machine. */
function random(seed: string): () => number {
  let state = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface DemoClient {
  id: number;
  officeId: number;
  savingsId: number;
  balance: BigNumber;
}

/**
 * Loads a small, believable bank into `tenantId` through the services' public methods (the same rules,
 * journals and events as over the API): branches with loan officers, a teller with a funded till each,
 * clients across KYC tiers with a savings account, `days` of deposits, withdrawals and transfers on their
 * business dates, and loans in every state, some in arrears, aged at the end. Idempotent per tenant: a
 * tenant that already has the demo branches gets nothing more.
 */
export async function seedDemoBank(services: Services, tenantId: string, size: DemoSize, progress: Progress): Promise<DemoSummary> {
  const { organisation, customer, account, loan, till } = services;
  const admin: StaffIdentity = { kind: 'staff', tenantId, userId: 1, username: 'admin', officeId: 1, officeHierarchy: '.', staffId: null, roleIds: [SUPER_USER_ROLE], permissions: ['ALL_FUNCTIONS'] };
  const existing = await organisation.offices.list(admin);
  if (existing.some((o) => o.name === BRANCHES[0])) return { created: false, clients: 0, savingsTransactions: 0, loans: 0 };

  const rand = random(tenantId);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const amount = (min: number, max: number, step = 500) => new BigNumber(Math.round((min + rand() * (max - min)) / step) * step);
  const loanCount = Math.max(12, Math.floor(size.clients / 5));
  const total = BRANCHES.length + size.clients + size.days + loanCount + 1;
  let done = 0;
  const step = (stage: string) => progress(++done, total, stage);

  const start = addDays(new Date().toISOString().slice(0, 10), -size.days);
  const setDate = (date: string) => organisation.businessDates.set(admin, { type: 'BUSINESS_DATE', date });
  await setDate(start);
  const opened = addDays(start, -365);

  // Branches, each with two loan officers, a teller (counter) and its cashier with a funded till.
  const branches: { officeId: number; officers: number[] }[] = [];
  for (const [i, name] of BRANCHES.entries()) {
    const office = await organisation.offices.create(admin, { name, parentId: 1, openingDate: opened, externalId: `demo-branch-${i + 1}` });
    const officers: number[] = [];
    for (let k = 0; k < 2; k++) {
      const staff = await organisation.staff.create(admin, { officeId: office.id, firstname: pick(FIRST_NAMES), lastname: pick(LAST_NAMES), isLoanOfficer: true, isActive: true, joiningDate: opened });
      officers.push(staff.id);
    }
    const cashierStaff = await organisation.staff.create(admin, { officeId: office.id, firstname: pick(FIRST_NAMES), lastname: pick(LAST_NAMES), isLoanOfficer: false, isActive: true, joiningDate: opened });
    const teller = await till.tellers.create(admin, { officeId: office.id, name: `${name.replace(' Branch', '')} Counter 1`, description: 'Main banking hall', startDate: start, status: ACTIVE_TELLER });
    const cashier = await till.cashiers.create(admin, teller.id, { staffId: cashierStaff.id, description: 'Head cashier', startDate: start, endDate: addDays(start, size.days + 365), isFullDay: true });
    await till.cash.allocate(admin, teller.id, cashier.id, { txnAmount: '500000', txnDate: start, txnNote: 'Opening float', currencyCode: 'NGN' });
    branches.push({ officeId: office.id, officers });
    step('branches, staff and tills');
  }
  // Loans need an approver other than their submitter (four eyes). Nobody logs in as this user: its
  // password is random and never shown, so a demo tenant gains no super user with a known password.
  const password = `${randomBytes(18).toString('base64url')}-Aa1!`;
  const approverUser = await organisation.users.create(admin, {
    username: `demo.approver`, firstname: 'Bola', lastname: 'Approver', email: 'approver@demo.example', officeId: 1, roles: [SUPER_USER_ROLE],
    password, repeatPassword: password, passwordNeverExpires: true, sendPasswordToEmail: false,
  });
  const approver: StaffIdentity = { ...admin, userId: approverUser.user.id, username: 'demo.approver' };

  // Clients across KYC tiers: persons at tier 1, a third of them upgraded to tier 2 with a verified BVN, NIN
  // and proof of address, businesses at tier 3; each with an active Primary Savings account and an opening deposit.
  const savingsProduct = (await account.products.list(admin)).find((p) => p.name === PRIMARY_SAVINGS)!;
  const clients: DemoClient[] = [];
  let savingsTransactions = 0;
  for (let i = 0; i < size.clients; i++) {
    const branch = branches[i % branches.length]!;
    const firstname = pick(FIRST_NAMES);
    const lastname = pick(LAST_NAMES);
    const common = { officeId: branch.officeId, externalId: `demo-client-${i + 1}`, staffId: pick(branch.officers), active: true, activationDate: start, submittedOnDate: start, mobileNo: `080${String(30000000 + i).padStart(8, '0')}` };
    // Every tenth client is a registered business (an entity, KYC tier 3).
    const entity = i % 10 === 9;
    const created = await customer.onboarding.create(admin, entity
      ? {
          ...common, legalFormId: 2, fullname: `${lastname} ${pick(['Trading', 'Agro', 'Stores', 'Ventures'])} Ltd`,
          clientNonPersonDetails: { constitutionId: 200202, mainBusinessLineId: 200225, incorpNumber: `RC${100000 + i}`, incorpValidityTillDate: addDays(start, 5 * 365), scumlNumber: `SC-${1000 + i}` },
        }
      : { ...common, legalFormId: 1, firstname, lastname, emailAddress: `${firstname}.${lastname}.${i + 1}@demo.example`.toLowerCase(), dateOfBirth: addDays('1975-01-01', Math.floor(rand() * 9000)) },
    );
    if (!entity && i % 3 === 1) {
      // Sandbox BVN rules: 11 digits, not starting with 0, not ending in 0000.
      await customer.maintenance.upgradeKyc(admin, created.id, { bvn: `22${String(100000000 + i * 7).slice(-8)}1`, nin: `7${String(1000000000 + i).slice(-10)}`, proofOfAddressReference: `UTIL-${1000 + i}` });
    }
    const savings = await account.accounts.create(admin, { clientId: created.id, productId: savingsProduct.id, submittedOnDate: start });
    await account.accounts.changeStatus(admin, savings.id, 'activate', { date: start });
    const opening = amount(5_000, 40_000);
    await account.transactions.deposit(admin, savings.id, { transactionDate: start, transactionAmount: opening.toFixed(2), paymentTypeId: BANK_TRANSFER, note: 'Opening deposit' });
    savingsTransactions++;
    clients.push({ id: created.id, officeId: branch.officeId, savingsId: savings.id, balance: opening });
    step('clients and savings accounts');
  }

  // Loans: the borrowers are the first clients, one loan each; weekly instalments so that even a short
  // history has some overdue. `plan` says on which day each is submitted and how far it goes.
  type Fate = 'submitted' | 'approved' | 'withdrawn' | 'rejected' | 'performing' | 'closed' | 'arrears';
  const fates: Fate[] = ['arrears', 'closed', 'performing', 'submitted', 'approved', 'withdrawn', 'rejected'];
  const borrowers = clients.slice(0, Math.min(loanCount, clients.length));
  const plan = borrowers.map((client, i) => {
    const fate = fates[i % fates.length]!;
    // Arrears loans are disbursed early, at different points of the history, so aging spreads them over ranges.
    const day = fate === 'arrears' ? Math.floor(((i / fates.length) % 3) * (size.days / 3)) : fate === 'performing' ? Math.max(0, size.days - 5) : Math.floor(rand() * size.days);
    return { client, fate, day };
  });

  const runLoan = async (client: DemoClient, fate: Fate, date: string) => {
    const principal = amount(20_000, 150_000, 5_000).toFixed(2);
    const submitted = await loan.applications.submit(admin, {
      clientId: client.id, productId: 1 + Math.floor(rand() * 3), principal, loanTermFrequency: 12, loanTermFrequencyType: 1, numberOfRepayments: 12, repaymentEvery: 1,
      repaymentFrequencyType: 1, interestRatePerPeriod: '1', interestRateFrequencyType: 2, amortizationType: 1, interestType: 0, interestCalculationPeriodType: 1,
      transactionProcessingStrategyCode: 'mifos-standard-strategy', expectedDisbursementDate: date, submittedOnDate: date, loanType: 'individual',
    });
    if (fate === 'submitted') return;
    if (fate === 'withdrawn') return void (await loan.applications.withdraw(admin, submitted.id, { withdrawnOnDate: date, note: 'Customer no longer needs it' }));
    if (fate === 'rejected') return void (await loan.applications.reject(approver, submitted.id, { rejectedOnDate: date, note: 'Insufficient cash flow' }));
    await loan.approvals.approve(approver, submitted.id, { approvedOnDate: date, expectedDisbursementDate: date });
    if (fate === 'approved') return;
    await loan.disbursements.disburse(admin, submitted.id, { actualDisbursementDate: date });
    // The principal lands in the borrower's savings account.
    client.balance = client.balance.plus(principal);
    if (fate === 'closed') {
      // Paid off on the day: the payoff (interest earned to the date), not the whole term's interest.
      const payoff = await loan.servicing.payoffTemplate(admin, submitted.id, date);
      await loan.repayments.repay(admin, submitted.id, { transactionDate: date, transactionAmount: payoff.amount, paymentTypeId: BANK_TRANSFER, note: 'Paid off' });
    }
  };

  // Day by day: the business date moves, and the day's customers deposit, withdraw and transfer.
  for (let day = 0; day <= size.days; day++) {
    const date = addDays(start, day);
    if (day > 0) await setDate(date);
    for (const { client, fate } of plan.filter((p) => p.day === day)) {
      await runLoan(client, fate, date);
      step('loans');
    }
    if (day === 0) continue;
    const movements = Math.max(2, Math.floor(clients.length / 8));
    for (let m = 0; m < movements; m++) {
      const client = pick(clients);
      const kind = rand();
      if (kind < 0.45 || client.balance.lt(2_000)) {
        const credit = amount(1_000, 20_000);
        if (client.balance.plus(credit).gt(BALANCE_CEILING)) continue;
        await account.transactions.deposit(admin, client.savingsId, { transactionDate: date, transactionAmount: credit.toFixed(2), paymentTypeId: BANK_TRANSFER, note: pick(['Salary', 'Market sales', 'Cash lodgement', 'Contribution']) });
        client.balance = client.balance.plus(credit);
      } else if (kind < 0.8) {
        const debit = BigNumber.min(amount(500, 15_000), client.balance.times(0.4).integerValue(BigNumber.ROUND_FLOOR));
        await account.transactions.withdraw(admin, client.savingsId, { transactionDate: date, transactionAmount: debit.toFixed(2), paymentTypeId: BANK_TRANSFER, note: pick(['School fees', 'Rent', 'Stock purchase', 'Withdrawal']) });
        client.balance = client.balance.minus(debit);
      } else {
        const to = pick(clients);
        const value = BigNumber.min(amount(500, 10_000), client.balance.times(0.3).integerValue(BigNumber.ROUND_FLOOR));
        if (to === client || to.balance.plus(value).gt(BALANCE_CEILING)) continue;
        await account.transfers.submit(admin, {
          fromOfficeId: client.officeId, fromClientId: client.id, fromAccountType: SAVINGS, fromAccountId: client.savingsId,
          toOfficeId: to.officeId, toClientId: to.id, toAccountType: SAVINGS, toAccountId: to.savingsId,
          transferAmount: value.toFixed(2), transferDate: date, transferDescription: 'Family support',
        });
        client.balance = client.balance.minus(value);
        to.balance = to.balance.plus(value);
      }
      savingsTransactions++;
    }
    step('daily transactions');
  }

  // Aging on the last business date puts the unpaid loans into their delinquency ranges.
  const [aging] = await loan.delinquency.jobs(admin);
  await loan.delinquency.execute(admin, aging!.jobId);
  step('loan aging');
  return { created: true, clients: clients.length, savingsTransactions, loans: plan.length };
}
