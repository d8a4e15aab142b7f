/**
 * The words of the OpenAPI document a reader scans: operation summaries written as sentences from the
 * GraphQL operation names (`UpdateGLAccount` reads "Update GL account"), and one line per tag. The
 * operation name stays in each operation's description, for integrators who look for it.
 */

/** `UpdateGLAccount` -> ["Update", "GL", "Account"]: acronyms stay whole. */
function wordsOf(name: string): string[] {
  return name.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).filter(Boolean);
}

/** A phrase from an operation name: words in lower case except acronyms (GL, KYC, API). */
function phrase(name: string): string {
  return wordsOf(name)
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()))
    .join(' ');
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Reads start with a verb of their own only in a few names; the rest are nouns ("Clients", "Office"). */
const READ_VERBS = new Set(['search', 'verify', 'list', 'count', 'preview', 'calculate']);

/** One operation's summary: a read is "Get ..." unless its name starts with a verb; a write is its name. */
export function operationSummary(method: string, operationName: string): string {
  const text = phrase(operationName);
  if (method !== 'GET' || READ_VERBS.has(text.split(' ')[0]!)) return capitalised(text);
  return `Get ${text}`;
}

/** The summary of a method and path that serves several commands: each command's operation in turn. */
export function groupSummary(method: string, routes: readonly { operation: string; command?: string }[]): string {
  const parts = [...new Set(routes.map((r) => operationSummary(method, r.operation)))];
  return parts.map((part, i) => (i === 0 ? part : part.charAt(0).toLowerCase() + part.slice(1))).join(', ');
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  authentication: 'Staff login: exchanges a username and password for the key sent on later requests.',
  offices: 'The office hierarchy (head office, branches) that scopes staff, customers and reports.',
  staff: 'Employees: loan officers, tellers and other staff, attached to an office.',
  users: "Application users, their roles and API keys. A user may not grant what it does not hold.",
  roles: 'Roles and the permissions they grant.',
  paymenttypes: 'Payment types (cash, transfer...) that transactions name.',
  configurations: 'Global configuration flags, by id or by name.',
  businessdate: 'The business date and the close-of-business date of the tenant.',
  clients: 'Customers, persons and companies, each with one fixed CIF: onboarding, KYC, lifecycle commands and their accounts.',
  kyctiers: 'KYC tiers: what a customer may hold and move at each level of verification.',
  interbank: 'Transfers to and from other banks through the payment switch, and their settlement.',
  runreports: 'Runs a report by name, as JSON (`columnHeaders`/`data`), CSV or PDF.',
  reports: 'The reports the service offers, with their parameters.',
  glaccounts: 'The chart of accounts of the general ledger.',
  currencies: 'The currencies the tenant uses.',
  journalentries: 'Double-entry journal entries: manual entries, reversals and the entries behind every transaction.',
  glclosures: 'Accounting closures: no entry may be posted on or before a closed date.',
  tellers: 'Tellers and their cashiers (tills) in a branch.',
  cashiers: 'A cashier\u2019s till: allocation, settlement and its transactions.',
  codes: 'Code lists (genders, closure reasons, document types...) and their values.',
  savingsproducts: 'Savings and current account products.',
  savingsaccounts: 'Savings and current accounts: applications, approval, deposits, withdrawals, charges and holds.',
  accounttransfers: 'Transfers between accounts of the bank.',
  makercheckers: 'Commands held for a second person\u2019s approval (four eyes).',
  workingdays: 'The working days of the week and how due dates that fall outside them move.',
  holidays: 'Public and branch holidays that move due dates.',
  loans: 'Loans from application to closure: approval, disbursement, repayments, payoff, write-off and their schedules.',
  cob: 'The close-of-business run that ends each business date.',
  loanproducts: 'Loan products and their terms.',
  'approval-policies': 'Tiered approval of loans by amount.',
  delinquency: 'Delinquency buckets and ranges that classify loans in arrears.',
  jobs: 'The scheduled jobs (close-of-business steps), their runs and their history.',
  hooks: 'Webhooks: where the service posts its events, and their delivery log.',
  search: 'Search across customers and accounts.',
  v2: 'Fineract\u2019s v2 search endpoints.',
  self: 'Self-service for customers: their own clients, accounts, loans, transfers and beneficiaries.',
  charges: 'Charge definitions: fees and penalties on loans, savings and clients.',
  audits: 'The audit trail of every command, tamper-evident by a hash chain.',
};

/**
 * Tags in reading order: the resources a newcomer starts with (login, offices, staff, clients...) in the order
 * above, then the rest alphabetically. The route table's order is about matching, not reading.
 */
export function tagRank(tag: string): number {
  const known = Object.keys(TAG_DESCRIPTIONS).indexOf(tag);
  return known >= 0 ? known : Object.keys(TAG_DESCRIPTIONS).length;
}

/** A tag's line: its own, or what its path says. */
export function tagDescription(tag: string): string {
  return TAG_DESCRIPTIONS[tag] ?? `The /${tag} resources.`;
}
