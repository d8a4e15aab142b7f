import type { FieldError } from '../subgraphs/kernel/errors.js';
import { DateFormatError, isValidLocale, parseFineractDate } from '../subgraphs/kernel/fineract-dates.js';
import { truncateForMessage } from '../subgraphs/kernel/money.js';
import { parseLocalDate } from '../subgraphs/kernel/scalars.js';

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
   * input type), 'args' spreads its keys over the operation's variables, 'none' refuses a body, 'raw'
   * leaves the body to `variables` (req.rawBody) as it came: a signature over its exact bytes is checked.
   */
  body?: 'input' | 'args' | 'none' | 'raw';
  /**
   * Fineract's resource name in this command's validation codes (`savingsaccount`): a required (non-null)
   * input field the body lacks is `validation.msg.<resource>.<field>.cannot.be.blank`, as the module's own
   * validator says it, since GraphQL refuses the operation before the module sees it.
   */
  resource?: string;
  /**
   * Body fields the module requires of REST callers that the SDL leaves nullable, because a GraphQL client
   * may give their enum instead (`amortizationType` or `amortizationTypeEnum`): reported missing beside the
   * non-null ones, with the `resource` code, so a REST caller still hears of every missing field at once.
   */
  required?: readonly string[];
  /**
   * Body fields Fineract accepts with this command and ignores (its own clients send a transaction's
   * fields with `?command=undo`): accepted and dropped here, where any other unknown field is refused.
   */
  ignores?: readonly string[];
  /** Variables from path params and query string (path ids are integers). */
  variables?: (req: RouteRequest) => Record<string, unknown>;
  /** Shapes the (already translated) GraphQL data into the Fineract response. */
  result: (data: Record<string, any>, req: RouteRequest) => unknown;
  /** Callable without credentials (login). */
  anonymous?: boolean;
  /** Outside /self, still open to customer sessions: only logout, which ends the caller's own session. */
  customers?: boolean;
  /**
   * Path parameters that are text although their name ends in `Id` (the OpenAPI document types those as
   * integers), with what they hold: one template serves two methods with different ids.
   */
  textParams?: Readonly<Record<string, string>>;
  /** What a reader of the OpenAPI document must know beyond the operation (a cap, a shape). */
  notes?: string;
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

/** A response that is not JSON (a report as CSV, HTML or PDF): its content type, text (or bytes) and extra headers. */
export class RawResponse {
  constructor(
    readonly contentType: string,
    readonly text: string | Buffer,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** The (already translated) GraphQL data a route's `result` shapes. */
export type RouteData = Parameters<Route['result']>[0];

export interface RouteRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** The body exactly as received (for signatures over it). */
  rawBody: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * What Fineract's clients send with `?command=undo` on a savings or loan transaction (its integration-test
 * helpers send the transaction's own body, amount 0): Fineract reads none of it, and neither does this
 * service.
 */
export const UNDO_BODY = ['transactionDate', 'transactionAmount', 'paymentTypeId', 'note', 'locale', 'dateFormat'] as const;

export const intParam = (value: string | null | undefined): number | undefined => {
  if (value == null || value === '') return undefined;
  // 15 digits stay exact in a double; longer is nobody's id and must not become 1e+20 or Infinity.
  return /^-?\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
};

/** A query parameter a route's `variables` cannot use: the REST layer answers 400 with this field error. */
export class RouteInputError extends Error {
  constructor(readonly error: FieldError) {
    super(error.message);
  }
}

/**
 * A query-string date (Fineract's list and report filters): ISO, or in the request's dateFormat and
 * locale. Anything else is the caller's 400, never a value the database is left to refuse.
 */
export function queryDate(req: RouteRequest, name: string): string | undefined {
  const value = req.query.get(name);
  if (value == null || value === '') return undefined;
  const format = req.query.get('dateFormat');
  const locale = req.query.get('locale') ?? 'en';
  const invalid = (code: string, message: string, parameterName: string, shown: string) =>
    new RouteInputError({ code, message, parameterName, value: truncateForMessage(shown) });
  if (!isValidLocale(locale)) throw invalid('validation.msg.invalid.locale.format', `The locale "${truncateForMessage(locale)}" is not a valid locale.`, 'locale', locale);
  try {
    return !format || /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseLocalDate(value) : parseFineractDate(value, format, locale);
  } catch (error) {
    if (error instanceof DateFormatError && error.reason === 'pattern') {
      throw invalid('validation.msg.invalid.dateFormat.format', error.message, 'dateFormat', format ?? '');
    }
    if (!(error instanceof DateFormatError) && !(error instanceof TypeError)) throw error;
    // Fineract's code for a date it cannot read (JsonParserHelper, its list filters); GraphQL's scalar says invalid.date.format.
    throw invalid('validation.msg.invalid.dateFormat.format', `The parameter \`${name}\` is not a date${format ? ` in the format ${truncateForMessage(format)}` : ' YYYY-MM-DD'}.`, name, value);
  }
}
