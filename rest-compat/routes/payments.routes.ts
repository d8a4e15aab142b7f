import { intParam, queryDate, type Route } from '../route.js';

const SETTLEMENT_COLUMNS = [
  ['currency', 'VARCHAR'], ['outboundCount', 'BIGINT'], ['outboundAmount', 'DECIMAL'], ['inboundCount', 'BIGINT'], ['inboundAmount', 'DECIMAL'], ['netAmount', 'DECIMAL'],
  // Returns come after the original six columns, so a reader of those by position reads the same values.
  ['outboundReturnedCount', 'BIGINT'], ['outboundReturnedAmount', 'DECIMAL'], ['inboundReturnedCount', 'BIGINT'], ['inboundReturnedAmount', 'DECIMAL'],
] as const;

/** Fineract's /runreports shape for the settlement report: one row per currency, net = outbound - inbound. */
const settlementReport = (report: { date: string; rows: Record<string, unknown>[] }) => ({
  reportName: 'Interbank Settlement',
  date: report.date,
  columnHeaders: SETTLEMENT_COLUMNS.map(([columnName, columnType]) => ({ columnName, columnType, columnDisplayType: columnType === 'VARCHAR' ? 'TEXT' : 'DECIMAL' })),
  data: report.rows.map((row) => ({ row: SETTLEMENT_COLUMNS.map(([name]) => row[name]) })),
});

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * Inter-bank payments: staff's transfer list and settlement report, and the switch's inbound credits
 * (no credentials: the switch key's signature over the exact body is checked by the payments module).
 * Listed before the ledger's routes, whose /runreports/:reportName would take the report's name.
 */
export const paymentsRoutes: Route[] = [
  {
    method: 'GET', path: '/interbank/transfers', operation: 'InterbankTransfers',
    variables: (req) => ({ status: req.query.get('status') || undefined, fromDate: queryDate(req, 'fromDate'), toDate: queryDate(req, 'toDate') }),
    result: (d) => d.interbankTransfers,
  },
  { method: 'GET', path: '/interbank/transfers/:transferId', operation: 'InterbankTransfer', variables: (req) => ({ id: intParam(req.params.transferId) }), result: (d) => d.interbankTransfer },
  {
    method: 'POST', path: '/interbank/inbound', operation: 'ReceiveInterbankCredit', body: 'raw', anonymous: true,
    variables: (req) => ({ body: req.rawBody, timestamp: header(req.headers['x-switch-timestamp']), signature: header(req.headers['x-switch-signature']) }),
    result: (d) => d.receiveInterbankCredit,
  },
  { method: 'GET', path: '/interbank/returns', operation: 'InterbankReturns', variables: (req) => ({ status: req.query.get('status') || undefined }), result: (d) => d.interbankReturns },
  { method: 'GET', path: '/interbank/returns/:returnId', operation: 'InterbankReturn', variables: (req) => ({ id: intParam(req.params.returnId) }), result: (d) => d.interbankReturn },
  {
    method: 'POST', path: '/interbank/returns', operation: 'SubmitInterbankReturn', body: 'input', resource: 'interbankreturn',
    result: (d) => ({ resourceId: d.submitInterbankReturn.id, changes: { status: d.submitInterbankReturn.status } }),
  },
  {
    method: 'POST', path: '/interbank/returns/:returnId', command: 'approve', operation: 'ApproveInterbankReturn', body: 'none', variables: (req) => ({ id: intParam(req.params.returnId) }),
    result: (d) => ({ resourceId: d.approveInterbankReturn.id, subResourceId: d.approveInterbankReturn.savingsTransactionId, changes: { status: d.approveInterbankReturn.status } }),
  },
  {
    method: 'POST', path: '/interbank/returns/:returnId', command: 'reject', operation: 'RejectInterbankReturn', body: 'none', variables: (req) => ({ id: intParam(req.params.returnId) }),
    result: (d) => ({ resourceId: d.rejectInterbankReturn.id, changes: { status: d.rejectInterbankReturn.status } }),
  },
  {
    // The report's name arrives percent-encoded (or with +) in the path.
    method: 'GET', path: '/runreports/Interbank(?:%20|\\+| )Settlement', operation: 'InterbankSettlement',
    variables: (req) => ({ date: queryDate(req, 'R_date') }), result: (d) => settlementReport(d.interbankSettlement),
  },
];
