import { httpsJson, type HttpResult, type TestService } from '../support/service.js';

/** Today as Fineract's integration tests format it (dd MMMM yyyy, locale en). */
export function fineractDate(date: Date = new Date()): string {
  return date.toLocaleDateString('en-GB', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export const DATE_FORMAT = { dateFormat: 'dd MMMM yyyy', locale: 'en' } as const;

/**
 * Sends requests the way Apache Fineract's own integration-test helpers (Utils.performServerPost/Get...)
 * do: the /fineract-provider/api/v1 path, the tenant in ?tenantIdentifier=, Basic credentials built from
 * username:password, `Content-Type: application/json; charset=UTF-8` and the body exactly as given
 * (their helpers send numbers as strings).
 */
export class FineractClient {
  constructor(
    private readonly service: TestService,
    readonly tenant: string,
    private readonly username = 'admin',
    private readonly password = 'password',
  ) {}

  as(username: string, password: string): FineractClient {
    return new FineractClient(this.service, this.tenant, username, password);
  }

  get<T = any>(path: string) {
    return this.send<T>('GET', path);
  }

  post<T = any>(path: string, body: unknown = {}) {
    return this.send<T>('POST', path, body);
  }

  put<T = any>(path: string, body: unknown = {}) {
    return this.send<T>('PUT', path, body);
  }

  delete<T = any>(path: string) {
    return this.send<T>('DELETE', path);
  }

  send<T = any>(method: string, path: string, body?: unknown): Promise<HttpResult<T>> {
    const separator = path.includes('?') ? '&' : '?';
    return httpsJson<T>(this.service.edge.url, this.service.caCertificate, method, `/fineract-provider/api/v1${path}${separator}tenantIdentifier=${this.tenant}`, {
      auth: `${this.username}:${this.password}`,
      body,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json; charset=UTF-8' },
    });
  }
}

/** Fineract ClientHelper's person body, every number a string. */
export function clientBody(officeId: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    officeId: String(officeId), legalFormId: '1', firstname: 'Ada', lastname: 'Obi',
    active: 'true', activationDate: '01 January 2025', submittedOnDate: '01 January 2025', ...DATE_FORMAT, ...extra,
  };
}

/** The values of a code, by the code's name. */
export async function codeValues(api: FineractClient, codeName: string): Promise<{ id: number; name: string }[]> {
  const codes = await api.get<{ id: number; name: string }[]>('/codes');
  const code = codes.body.find((c) => c.name === codeName);
  if (!code) throw new Error(`no code ${codeName}: ${codes.text}`);
  return (await api.get(`/codes/${code.id}/codevalues`)).body;
}
