import { renderReport } from '../report-output.js';
import { intParam, queryDate, type Route, type RouteData } from '../route.js';

const id = (name: string) => (req: { params: Record<string, string> }) => ({ id: intParam(req.params[name]) });

const bool = (value: string | null): boolean | undefined => (value === 'true' ? true : value === 'false' ? false : undefined);

interface ReportData {
  columnHeaders: { columnName: string; columnType: string; columnDisplayType: string; field: string }[];
  rows: Record<string, unknown>[];
}

/** Fineract's /runreports shape: column headers and rows of plain values in column order. */
function reportResult(report: ReportData) {
  return {
    columnHeaders: report.columnHeaders.map(({ columnName, columnType, columnDisplayType }) => ({ columnName, columnType, columnDisplayType })),
    data: report.rows.map((row) => ({ row: report.columnHeaders.map((c) => row[c.field] ?? null) })),
  };
}

/** Fineract's `tagId` code value object, `{id: 0}` for none: the console reads `glAccount.tagId.id` on every account. */
function glAccountOut(account: Record<string, unknown>) {
  const { tag, ...rest } = account;
  return { ...rest, tagId: tag ?? { id: 0 } };
}

/** Fineract's GET /glaccounts/template: account types and usages, and the header accounts a new account may sit under, by type. */
function glAccountTemplate(d: RouteData) {
  const headers = (type: number) => (d.glAccounts as { type: { id: number } }[]).filter((a) => a.type.id === type);
  return {
    accountTypeOptions: d.glAccountTypes, usageOptions: d.glAccountUsages, manualEntriesAllowed: true,
    assetHeaderAccountOptions: headers(1), liabilityHeaderAccountOptions: headers(2), equityHeaderAccountOptions: headers(3),
    incomeHeaderAccountOptions: headers(4), expenseHeaderAccountOptions: headers(5),
    // The values of each type's tag list (codes AssetAccountTags...), which an institution fills in.
    allowedAssetsTagOptions: d.assetTags, allowedLiabilitiesTagOptions: d.liabilityTags, allowedEquityTagOptions: d.equityTags,
    allowedIncomeTagOptions: d.incomeTags, allowedExpensesTagOptions: d.expenseTags,
  };
}

/** Fineract's accounting paths: GL accounts, currencies, journal entries, closures, ledger reports. */
export const ledgerRoutes: Route[] = [
  {
    method: 'GET', path: '/glaccounts', operation: 'GLAccounts',
    variables: (req) => ({
      type: intParam(req.query.get('type')), usage: intParam(req.query.get('usage')), manualEntriesAllowed: bool(req.query.get('manualEntriesAllowed')), disabled: bool(req.query.get('disabled')),
      fetchRunningBalance: bool(req.query.get('fetchRunningBalance')) ?? false,
    }),
    result: (d) => (d.glAccounts as Record<string, unknown>[]).map(glAccountOut),
  },
  // Before /glaccounts/:glAccountId, which would take "template" for an id.
  { method: 'GET', path: '/glaccounts/template', operation: 'GLAccountTemplate', result: glAccountTemplate },
  {
    method: 'GET', path: '/glaccounts/:glAccountId', operation: 'GLAccount',
    variables: (req) => ({ ...id('glAccountId')(req), fetchRunningBalance: bool(req.query.get('fetchRunningBalance')) ?? false }),
    result: (d) => glAccountOut(d.glAccount),
  },
  { method: 'POST', path: '/glaccounts', operation: 'CreateGLAccount', body: 'input', resource: 'glaccount', result: (d) => ({ resourceId: d.createGLAccount.id }) },
  {
    method: 'PUT', path: '/glaccounts/:glAccountId', operation: 'UpdateGLAccount', body: 'input', variables: id('glAccountId'),
    result: (d) => ({ resourceId: d.updateGLAccount.glAccount.id, changes: d.updateGLAccount.changes }),
  },
  { method: 'DELETE', path: '/glaccounts/:glAccountId', operation: 'DeleteGLAccount', variables: id('glAccountId'), result: (d) => ({ resourceId: d.deleteGLAccount }) },

  { method: 'GET', path: '/currencies', operation: 'Currencies', result: (d) => d.currencies },
  { method: 'PUT', path: '/currencies', operation: 'UpdateCurrencies', body: 'args', result: (d) => ({ currencies: d.updateCurrencies }) },

  {
    method: 'POST', path: '/journalentries', operation: 'CreateJournalEntry', body: 'input', resource: 'journalentry',
    result: (d) => ({ officeId: d.createJournalEntry.officeId, transactionId: d.createJournalEntry.transactionId, resourceId: d.createJournalEntry.resourceId }),
  },
  {
    // One template with GET /journalentries/{journalEntryId} (OpenAPI has one path per template): here the
    // segment is the transaction id (M12, S40), as Fineract's reverse takes it.
    method: 'POST', path: '/journalentries/:journalEntryId', command: 'reverse', operation: 'ReverseJournalEntry', body: 'args',
    textParams: { journalEntryId: 'The transaction id of the entries to reverse (a string such as "M12"), as POST /journalentries answered it.' },
    variables: (req) => ({ journalEntryId: req.params.journalEntryId }),
    result: (d) => ({ officeId: d.reverseJournalEntry.officeId, transactionId: d.reverseJournalEntry.transactionId, resourceId: d.reverseJournalEntry.resourceId }),
  },
  {
    method: 'GET', path: '/journalentries', operation: 'JournalEntries',
    variables: (req) => {
      const q = req.query;
      const savingsId = intParam(q.get('savingsId'));
      const loanId = intParam(q.get('loanId'));
      return {
        officeId: intParam(q.get('officeId')),
        glAccountId: intParam(q.get('glAccountId')),
        manualEntriesOnly: bool(q.get('manualEntriesOnly')),
        fromDate: queryDate(req, 'fromDate'),
        toDate: queryDate(req, 'toDate'),
        transactionId: q.get('transactionId') ?? undefined,
        entityType: savingsId !== undefined ? 'SAVINGS' : loanId !== undefined ? 'LOAN' : undefined,
        entityId: savingsId ?? loanId,
        offset: intParam(q.get('offset')),
        limit: intParam(q.get('limit')),
        orderBy: q.get('orderBy') ?? undefined,
        sortOrder: q.get('sortOrder') ?? undefined,
        runningBalance: bool(q.get('runningBalance')),
      };
    },
    result: (d) => d.journalEntries,
  },
  {
    method: 'GET', path: '/journalentries/:journalEntryId', operation: 'JournalEntry',
    variables: (req) => ({ ...id('journalEntryId')(req), runningBalance: bool(req.query.get('runningBalance')) }),
    result: (d) => d.journalEntry,
  },

  { method: 'GET', path: '/glclosures', operation: 'GLClosures', variables: (req) => ({ officeId: intParam(req.query.get('officeId')) }), result: (d) => d.glClosures },
  { method: 'GET', path: '/glclosures/:glClosureId', operation: 'GLClosure', variables: id('glClosureId'), result: (d) => d.glClosure },
  { method: 'POST', path: '/glclosures', operation: 'CreateGLClosure', body: 'input', resource: 'glclosure', result: (d) => ({ officeId: d.createGLClosure.officeId, resourceId: d.createGLClosure.id }) },
  {
    method: 'PUT', path: '/glclosures/:glClosureId', operation: 'UpdateGLClosure', body: 'input', variables: id('glClosureId'),
    result: (d) => ({ officeId: d.updateGLClosure.glClosure.officeId, resourceId: d.updateGLClosure.glClosure.id, changes: d.updateGLClosure.changes }),
  },
  { method: 'DELETE', path: '/glclosures/:glClosureId', operation: 'DeleteGLClosure', variables: id('glClosureId'), result: (d) => ({ officeId: d.deleteGLClosure.officeId, resourceId: d.deleteGLClosure.id }) },

  {
    method: 'GET', path: '/runreports/:reportName', operation: 'LedgerReport',
    variables: (req) => ({
      name: req.params.reportName,
      officeId: intParam(req.query.get('R_officeId')),
      startDate: queryDate(req, 'R_startDate'),
      endDate: queryDate(req, 'R_endDate'),
      currencyCode: req.query.get('R_currencyCode') ?? undefined,
    }),
    result: (d, req) => renderReport(req.params.reportName!, reportResult(d.ledgerReport as ReportData), req),
  },
];
