import { NumberLiteral } from '../input-translation.js';
import type { Route, RouteRequest, RouteData } from '../route.js';

/** Fineract's /search resources this service holds; the default is all of them. */
type SearchResource = 'clients' | 'savings' | 'loans';

const searchVariables = (req: RouteRequest) => {
  const asked = (req.query.get('resource') ?? '').split(',').map((r) => r.trim().toLowerCase()).filter(Boolean);
  const wants = (resource: SearchResource) => asked.length === 0 || asked.includes(resource);
  return { query: req.query.get('query') ?? undefined, withClients: wants('clients'), withSavings: wants('savings'), withLoans: wants('loans') };
};

interface Status { id: number; code: string; value: string }
interface ClientHit { id: number; accountNo: string; externalId?: string; displayName: string; officeId: number; officeName?: string; mobileNo?: string; status: Status }
interface AccountHit { id: number; accountNo: string; externalId?: string; clientId: number; clientName?: string; productName?: string; loanProductName?: string; status: Status }

/** Fineract's SearchData rows: clients under their office, savings and loans under their client. */
function searchResults(d: Record<string, { pageItems?: unknown[] } | undefined>) {
  const clients = (d.clients?.pageItems ?? []) as ClientHit[];
  const savings = (d.savingsAccounts?.pageItems ?? []) as AccountHit[];
  const loans = (d.loans?.pageItems ?? []) as AccountHit[];
  return [
    ...clients.map((c) => ({
      entityId: c.id, entityAccountNo: c.accountNo, entityExternalId: c.externalId, entityName: c.displayName, entityType: 'CLIENT',
      parentId: c.officeId, parentName: c.officeName, parentType: 'office', entityMobileNo: c.mobileNo, entityStatus: c.status,
    })),
    ...savings.map((a) => ({
      entityId: a.id, entityAccountNo: a.accountNo, entityExternalId: a.externalId, entityName: a.productName, entityType: 'SAVING',
      parentId: a.clientId, parentName: a.clientName, parentType: 'client', entityStatus: a.status,
    })),
    ...loans.map((l) => ({
      entityId: l.id, entityAccountNo: l.accountNo, entityExternalId: l.externalId, entityName: l.loanProductName, entityType: 'LOAN',
      parentId: l.clientId, parentName: l.clientName, parentType: 'client', entityStatus: l.status,
    })),
  ];
}

/** Spring Data's page, as Fineract's /v2 endpoints answer. */
function springPage(d: RouteData, req: RouteRequest) {
  const content = (d.clientSearch.pageItems ?? []).map((c: RouteData) => ({
    id: c.id, displayName: c.displayName, externalId: c.externalId, accountNumber: c.accountNo, officeId: c.officeId, officeName: c.officeName,
    mobileNo: c.mobileNo, status: c.status, legalForm: c.legalForm,
    // Fineract's v2 API writes dates as ISO strings (the web app's date pipe reads them), not [y, m, d].
    activationDate: isoDate(c.activationDate), submittedOnDate: isoDate(c.timeline?.submittedOnDate),
  }));
  const size = Math.min(bodyInt(req.body.size) ?? 50, 200);
  const number = bodyInt(req.body.page) ?? 0;
  const total: number = d.clientSearch.totalFilteredRecords;
  const totalPages = Math.ceil(total / size);
  const sort = { empty: true, sorted: false, unsorted: true };
  return {
    content,
    pageable: { pageNumber: number, pageSize: size, offset: number * size, paged: true, unpaged: false, sort },
    totalElements: total, totalPages, last: number >= totalPages - 1, first: number === 0, size, number, sort,
    numberOfElements: content.length, empty: content.length === 0,
  };
}

/** A whole number of the body (already checked by the operation's input type): numbers keep their source text. */
const bodyInt = (value: unknown): number | undefined =>
  value instanceof NumberLiteral ? Number(value.source) : typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined;

const isoDate = (date: unknown) =>
  Array.isArray(date) ? `${String(date[0]).padStart(4, '0')}-${String(date[1]).padStart(2, '0')}-${String(date[2]).padStart(2, '0')}` : undefined;

/** Fineract's /search and /v2/clients/search. */
export const searchRoutes: Route[] = [
  { method: 'GET', path: '/search', operation: 'Search', variables: searchVariables, result: (d) => searchResults(d) },
  { method: 'POST', path: '/v2/clients/search', operation: 'ClientSearchV2', body: 'input', result: springPage },
];
