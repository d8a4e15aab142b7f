/** One documented REST path (and ?command=) served by one named GraphQL operation. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api/v1 with :params, e.g. /offices/:officeId. */
  path: string;
  /** For Fineract's POST /x/{id}?command=approve style: the command this route serves. */
  command?: string;
  /** The operation's name in rest-compat/operations/*.graphql. */
  operation: string;
  /**
   * Where the JSON body goes: 'input' makes it the $input variable (its keys checked against the
   * input type), 'args' spreads its keys over the operation's variables, 'none' refuses a body.
   */
  body?: 'input' | 'args' | 'none';
  /** Variables from path params and query string (path ids are integers). */
  variables?: (req: RouteRequest) => Record<string, unknown>;
  /** Shapes the (already translated) GraphQL data into the Fineract response. */
  result: (data: Record<string, any>, req: RouteRequest) => unknown;
  /** Callable without credentials (login). */
  anonymous?: boolean;
}

/**
 * A path of a Fineract feature this service does not offer, whose clients need only its empty answer
 * (`GET /datatables` is `[]` when no data table is registered). Callers are authenticated as for any
 * route; no module is reached.
 */
export interface FixedRoute {
  path: string;
  answer: (req: RouteRequest) => unknown;
}

/** A response that is not JSON (a report as CSV or HTML): its content type, text and extra headers. */
export class RawResponse {
  constructor(
    readonly contentType: string,
    readonly text: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** The (already translated) GraphQL data a route's `result` shapes. */
export type RouteData = Parameters<Route['result']>[0];

export interface RouteRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

export const intParam = (value: string | null | undefined): number | undefined => {
  if (value == null || value === '') return undefined;
  // 15 digits stay exact in a double; longer is nobody's id and must not become 1e+20 or Infinity.
  return /^-?\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
};
