/**
 * The permission catalogue, grouped like Fineract's m_permission: ACTION_ENTITY codes. Roles grant codes
 * from here; ALL_FUNCTIONS (super user) and ALL_FUNCTIONS_READ are the two wildcards.
 */
export interface PermissionDef {
  grouping: string;
  code: string;
  entityName: string;
  actionName: string;
}

const GROUPS: Record<string, Record<string, string[]>> = {
  special: { ALL_FUNCTIONS: [], ALL_FUNCTIONS_READ: [] },
  organisation: {
    OFFICE: ['READ', 'CREATE', 'UPDATE'],
    STAFF: ['READ', 'CREATE', 'UPDATE'],
    PAYMENTTYPE: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
    TENANT: ['READ'],
  },
  authorisation: {
    USER: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
    APIKEY: ['READ', 'CREATE', 'DELETE'],
    ROLE: ['READ', 'CREATE', 'UPDATE', 'DELETE', 'PERMISSIONS'],
    APPROVALPOLICY: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
  },
  portfolio: {
    CLIENT: ['READ', 'CREATE', 'UPDATE', 'ACTIVATE', 'UPGRADEKYC', 'DELETE', 'ASSIGNSTAFF', 'UNASSIGNSTAFF', 'CLOSE', 'REJECT', 'WITHDRAW', 'REACTIVATE', 'UNDOREJECT', 'UNDOWITHDRAWAL'],
    CORPORATEKYC: ['READ', 'UPDATE'],
    CLIENTOFFICIAL: ['READ', 'CREATE', 'DELETE'],
    CLIENTSELFSERVICE: ['UPDATE'],
    SAVINGSPRODUCT: ['READ', 'CREATE', 'UPDATE'],
    SAVINGSACCOUNT: [
      'READ', 'CREATE', 'UPDATE', 'APPROVE', 'ACTIVATE', 'REJECT', 'WITHDRAW', 'CLOSE', 'DEPOSIT', 'WITHDRAWAL', 'APPROVEWITHDRAWAL', 'UNDOTRANSACTION',
      'BLOCK', 'UNBLOCK', 'BLOCKDEBIT', 'UNBLOCKDEBIT', 'BLOCKCREDIT', 'UNBLOCKCREDIT',
    ],
    SAVINGSREFERENCE: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
    MAKERCHECKER: ['READ'],
    ACCOUNTTRANSFER: ['READ', 'CREATE'],
    INTERBANKRETURN: ['READ', 'CREATE', 'APPROVE', 'REJECT'],
    LOANPRODUCT: ['READ', 'CREATE', 'UPDATE'],
    CHARGE: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
    LOANCHARGE: ['CREATE', 'UPDATE', 'DELETE', 'WAIVE', 'PAY'],
    SAVINGSACCOUNTCHARGE: ['CREATE', 'UPDATE', 'DELETE', 'WAIVE', 'PAY', 'INACTIVATE'],
    CLIENTCHARGE: ['CREATE', 'DELETE', 'WAIVE', 'PAY'],
    LOAN: ['READ', 'CREATE', 'UPDATE', 'APPROVE', 'APPROVEESCALATED', 'UNDOAPPROVAL', 'REJECT', 'WITHDRAW', 'DISBURSE', 'UNDODISBURSAL', 'REPAYMENT', 'ADJUST', 'WRITEOFF', 'UNDOWRITEOFF', 'RECOVERYPAYMENT', 'FORECLOSURE', 'WAIVEINTERESTPORTION'],
    DELINQUENCY: ['READ', 'CREATE', 'UPDATE'],
    RESCHEDULELOAN: ['READ', 'CREATE', 'APPROVE', 'REJECT'],
    GROUP: ['READ', 'CREATE', 'UPDATE', 'DELETE', 'ACTIVATE', 'CLOSE', 'ASSIGNSTAFF', 'UNASSIGNSTAFF', 'ASSOCIATECLIENTS', 'DISASSOCIATECLIENTS'],
    CENTER: ['READ', 'CREATE', 'UPDATE', 'DELETE', 'ACTIVATE', 'CLOSE', 'ASSIGNSTAFF', 'UNASSIGNSTAFF', 'ASSOCIATEGROUPS', 'DISASSOCIATEGROUPS'],
    CALENDAR: ['READ', 'CREATE', 'UPDATE'],
    COLLECTIONSHEET: ['READ', 'SAVE'],
  },
  cash_mgmt: {
    TELLER: ['READ', 'CREATE', 'UPDATE', 'DELETE', 'ALLOCATECASHIER', 'UPDATECASHIERALLOCATION', 'DELETECASHIERALLOCATION', 'ALLOCATECASHTOCASHIER', 'SETTLECASHFROMCASHIER', 'SETTLECASHIER'],
    CASHIER: ['READ', 'SETTLE'],
  },
  accounting: {
    GLACCOUNT: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
    JOURNALENTRY: ['READ', 'CREATE', 'REVERSE'],
    GLCLOSURE: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
    CURRENCY: ['READ', 'UPDATE'],
    REPORT: ['READ'],
  },
  configuration: {
    HOOK: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
    CONFIGURATION: ['READ', 'UPDATE'],
    BUSINESS_DATE: ['READ', 'UPDATE'],
    CODE: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
    CODEVALUE: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
    SCHEDULER: ['READ', 'EXECUTEJOB', 'UPDATE'],
    WORKINGDAYS: ['READ', 'UPDATE'],
    HOLIDAY: ['READ', 'CREATE', 'UPDATE', 'DELETE', 'ACTIVATE'],
    AUDIT: ['READ'],
  },
};

export const PERMISSIONS: PermissionDef[] = Object.entries(GROUPS).flatMap(([grouping, entities]) =>
  Object.entries(entities).flatMap(([entityName, actions]) =>
    actions.length === 0
      ? [{ grouping, code: entityName, entityName, actionName: entityName }]
      : actions.map((actionName) => ({ grouping, code: `${actionName}_${entityName}`, entityName, actionName })),
  ),
);


const codes = (entity: string, ...actions: string[]) => actions.map((a) => `${a}_${entity}`);

export interface SeedRole {
  id: number;
  name: string;
  description: string;
  permissions: string[];
}

export const SUPER_USER_ROLE_ID = 1;
export const SELF_SERVICE_ROLE_ID = 2;
export const ACCOUNT_OFFICER_ROLE_ID = 320013;
export const BRANCH_MANAGER_ROLE_ID = 320007;
export const HEAD_OF_OPERATIONS_ROLE_ID = 320011;
export const RECOVERY_OFFICER_ROLE_ID = 320016;
/** Roles the interface does not number; ids of our own, after Fineract's range used by docs/interface.md. */
export const TELLER_ROLE_ID = 320018;
export const HEAD_OFFICE_CREDIT_RISK_ROLE_ID = 320019;
export const EXECUTIVE_CREDIT_COMMITTEE_ROLE_ID = 320020;

/** The roles every tenant starts with: docs/interface.md with exactly its ids and names, plus two of Fineract's. */
export const SEED_ROLES: SeedRole[] = [
  { id: SUPER_USER_ROLE_ID, name: 'Super user', description: 'This role provides all application permissions.', permissions: ['ALL_FUNCTIONS'] },
  { id: SELF_SERVICE_ROLE_ID, name: 'Self Service User', description: 'Customers using the self-service channels.', permissions: [] },
  {
    id: 320003,
    name: 'Loan Officer',
    description: 'Originates loans.',
    permissions: [...codes('CLIENT', 'READ', 'CREATE', 'UPDATE'), ...codes('LOAN', 'READ', 'CREATE', 'UPDATE'), 'READ_LOANPRODUCT', 'READ_SAVINGSACCOUNT', 'READ_OFFICE', 'READ_STAFF', 'READ_PAYMENTTYPE'],
  },
  {
    id: 320004,
    name: 'Accountant',
    description: 'Posts manual journal entries.',
    permissions: [...codes('JOURNALENTRY', 'READ', 'CREATE', 'REVERSE'), ...codes('GLACCOUNT', 'READ', 'CREATE', 'UPDATE'), ...codes('GLCLOSURE', 'READ', 'CREATE'), 'READ_CURRENCY', 'READ_REPORT', 'READ_OFFICE'],
  },
  {
    id: 320007,
    name: 'Branch Manager',
    description: 'Approves large cash withdrawals.',
    permissions: ['ALL_FUNCTIONS_READ', 'APPROVEWITHDRAWAL_SAVINGSACCOUNT', 'APPROVE_LOAN', 'REJECT_LOAN', 'DISBURSE_LOAN', 'APPROVE_SAVINGSACCOUNT', 'ACTIVATE_SAVINGSACCOUNT', ...codes('STAFF', 'CREATE', 'UPDATE'), ...codes('TELLER', 'CREATE', 'UPDATE', 'ALLOCATECASHIER', 'ALLOCATECASHTOCASHIER', 'SETTLECASHFROMCASHIER'), 'SETTLE_CASHIER'],
  },
  {
    id: 320009,
    name: 'Bank Admin',
    description: 'Administers the institution: offices, staff, products, hooks.',
    permissions: [
      'ALL_FUNCTIONS_READ', ...codes('OFFICE', 'CREATE', 'UPDATE'), ...codes('STAFF', 'CREATE', 'UPDATE'), ...codes('PAYMENTTYPE', 'CREATE', 'UPDATE', 'DELETE'),
      ...codes('SAVINGSPRODUCT', 'CREATE', 'UPDATE'), ...codes('LOANPRODUCT', 'CREATE', 'UPDATE'), ...codes('HOOK', 'CREATE', 'UPDATE', 'DELETE'), 'UPDATE_CURRENCY',
      'UPDATE_CONFIGURATION', ...codes('CODE', 'CREATE', 'UPDATE', 'DELETE'), ...codes('CODEVALUE', 'CREATE', 'UPDATE', 'DELETE'),
    ],
  },
  {
    id: 320011,
    name: 'Head of Operations',
    description: 'Configures approval policies.',
    permissions: ['ALL_FUNCTIONS_READ', ...codes('APPROVALPOLICY', 'CREATE', 'UPDATE', 'DELETE'), 'APPROVEWITHDRAWAL_SAVINGSACCOUNT', 'APPROVEESCALATED_LOAN'],
  },
  {
    id: ACCOUNT_OFFICER_ROLE_ID,
    name: 'Account Officer',
    description: 'Sees only the own portfolio (clients whose staff is the officer).',
    permissions: [...codes('CLIENT', 'READ', 'CREATE', 'UPDATE', 'ACTIVATE'), ...codes('SAVINGSACCOUNT', 'READ', 'CREATE', 'DEPOSIT', 'WITHDRAWAL'), 'READ_LOAN', 'READ_OFFICE', 'READ_STAFF', 'READ_PAYMENTTYPE'],
  },
  {
    id: 320016,
    name: 'Recovery Officer',
    description: 'Receives delinquent facilities.',
    permissions: ['READ_LOAN', 'REPAYMENT_LOAN', 'READ_DELINQUENCY', 'READ_CLIENT', 'READ_OFFICE'],
  },
  {
    id: TELLER_ROLE_ID,
    name: 'Teller',
    description: 'Takes cash over the counter from an allocated, open till.',
    permissions: [
      'READ_TELLER', 'READ_CASHIER', 'SETTLE_CASHIER', 'READ_CLIENT', ...codes('SAVINGSACCOUNT', 'READ', 'DEPOSIT', 'WITHDRAWAL'), 'READ_LOAN', 'REPAYMENT_LOAN',
      'READ_PAYMENTTYPE', 'READ_OFFICE', 'READ_STAFF',
    ],
  },
  {
    id: HEAD_OFFICE_CREDIT_RISK_ROLE_ID,
    name: 'Head Office Credit Risk',
    description: 'Second approver of loans above the branch tier.',
    permissions: ['READ_LOAN', 'APPROVE_LOAN', 'APPROVEESCALATED_LOAN', 'READ_LOANPRODUCT', 'READ_CLIENT', 'READ_SAVINGSACCOUNT', 'READ_OFFICE', 'READ_STAFF', 'READ_APPROVALPOLICY'],
  },
  {
    id: EXECUTIVE_CREDIT_COMMITTEE_ROLE_ID,
    name: 'Executive Credit Committee',
    description: 'Approves the largest loans (two members).',
    permissions: ['READ_LOAN', 'APPROVE_LOAN', 'APPROVEESCALATED_LOAN', 'READ_LOANPRODUCT', 'READ_CLIENT', 'READ_SAVINGSACCOUNT', 'READ_OFFICE', 'READ_STAFF', 'READ_APPROVALPOLICY'],
  },
  {
    id: 320017,
    name: 'System Access Control Admin',
    description: 'Manages users and roles.',
    permissions: [...codes('USER', 'READ', 'CREATE', 'UPDATE', 'DELETE'), ...codes('ROLE', 'READ', 'CREATE', 'UPDATE', 'DELETE', 'PERMISSIONS'), 'READ_OFFICE', 'READ_STAFF'],
  },
];
