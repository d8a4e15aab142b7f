import { GraphQLError } from 'graphql';
import { truncateForMessage } from './money.js';
import { KERNEL_CODES } from './codes.js';

/**
 * The one error type of the platform. It carries the Fineract globalisation code, the HTTP status
 * and the per-parameter errors; GraphQL renders it in `extensions`, the REST layer in the Fineract envelope.
 */
export type ErrorKind =
  | 'validation'
  | 'badRequest'
  | 'unauthenticated'
  | 'forbidden'
  | 'domainRule'
  | 'duplicate'
  | 'notFound'
  | 'conflict'
  | 'unprocessable'
  | 'tooManyRequests'
  | 'unavailable'
  | 'internal';

/** Exhaustive: a new kind without a status does not compile. */
const HTTP_STATUS: Record<ErrorKind, number> = {
  validation: 400,
  badRequest: 400,
  unauthenticated: 401,
  forbidden: 403,
  domainRule: 403,
  duplicate: 403,
  notFound: 404,
  conflict: 409,
  unprocessable: 422,
  tooManyRequests: 429,
  unavailable: 503,
  internal: 500,
};

/** The top-level code Fineract answers for each kind; `null` means the specific code is also the top one. */
const TOP_LEVEL_CODE: Record<ErrorKind, string | null> = {
  validation: KERNEL_CODES.validationErrorsExist,
  badRequest: null,
  unauthenticated: KERNEL_CODES.notAuthenticated,
  forbidden: KERNEL_CODES.notAuthorized,
  domainRule: KERNEL_CODES.domainRuleViolation,
  duplicate: null,
  notFound: KERNEL_CODES.resourceNotFound,
  conflict: KERNEL_CODES.platformServiceConflict,
  unprocessable: null,
  tooManyRequests: null,
  unavailable: null,
  internal: KERNEL_CODES.platformServerSideError,
};

export interface FieldError {
  code: string;
  message: string;
  parameterName?: string;
  value?: unknown;
  args?: unknown[];
}

/**
 * `status` (not `http`): Apollo Server and Yoga read `extensions.http` to set the HTTP status of the
 * whole GraphQL response, which would turn a subgraph's 404 into a failed fetch at the gateway.
 */
export interface PlatformErrorExtensions {
  [key: string]: unknown;
  code: string;
  status: number;
  kind: ErrorKind;
  errors: FieldError[];
  /** How many field errors there were, when more than `errors` lists. */
  errorCount?: number;
}

/** An answer lists at most this many field errors, and their total: 60,000 unknown keys made an 18 MB 400. */
export const MAX_LISTED_ERRORS = 50;
/** What an answer quotes of any one message. */
export const MAX_MESSAGE_LENGTH = 300;
/** What an answer quotes of a value the caller sent. */
const MAX_QUOTED_VALUE = 100;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}...` : text);

/**
 * The field errors an answer lists: the first MAX_LISTED_ERRORS, each message and text value cut short;
 * their total; and one message for them all that says how many more there were.
 */
export function listedErrors(fieldErrors: readonly FieldError[]): { listed: FieldError[]; total: number; message: string; cutShort: boolean } {
  const long = (v: unknown) => typeof v === 'string' && v.length > MAX_QUOTED_VALUE;
  const listed = fieldErrors.slice(0, MAX_LISTED_ERRORS).map((e) => ({
    ...e,
    message: cut(e.message, MAX_MESSAGE_LENGTH),
    ...(typeof e.value === 'string' ? { value: truncateForMessage(e.value, MAX_QUOTED_VALUE) } : {}),
    ...(e.args ? { args: e.args.map((a) => (typeof a === 'string' ? truncateForMessage(a, MAX_QUOTED_VALUE) : a)) } : {}),
  }));
  const more = fieldErrors.length - listed.length;
  const message = cut(listed.map((e) => e.message).join(' '), MAX_MESSAGE_LENGTH * 4) + (more > 0 ? ` (and ${more} more errors)` : '');
  const cutShort = more > 0 || fieldErrors.some((e) => e.message.length > MAX_MESSAGE_LENGTH || long(e.value) || (e.args ?? []).some(long));
  return { listed, total: fieldErrors.length, message, cutShort };
}

export class PlatformError extends GraphQLError {
  declare readonly extensions: PlatformErrorExtensions;

  constructor(kind: ErrorKind, message: string, errors: FieldError[], total = errors.length) {
    const top = TOP_LEVEL_CODE[kind] ?? errors[0]?.code ?? KERNEL_CODES.platformError;
    super(message, { extensions: { code: top, status: HTTP_STATUS[kind], kind, errors, ...(total > errors.length ? { errorCount: total } : {}) } });
  }

  get status(): number {
    return this.extensions.status;
  }
}

/** GraphQL's own verdicts on a request (it does not parse, validate or coerce): the caller's fault. */
export const REQUEST_ERROR_CODES: ReadonlySet<string> = new Set(['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND']);

/**
 * What an error is, for whoever renders it (the gateway's mask, the REST envelope):
 * - platform: a PlatformError from any module (its extensions carry a known `kind`), shown as it is;
 * - request: GraphQL refused the request itself (a variable that does not coerce), a 400;
 * - unavailable: a subgraph could not be reached, a 503;
 * - internal: anything else, a masked 500.
 */
export type ErrorClass =
  | { kind: 'platform'; status: number; code: string; errors: FieldError[] }
  | { kind: 'request' }
  | { kind: 'unavailable' }
  | { kind: 'internal' };

/** A GraphQLError or its JSON form: `originalError` is there only before serialization. */
export interface ErrorLike {
  message: string;
  extensions?: Readonly<Record<string, unknown>>;
  originalError?: unknown;
}

const isErrorKind = (kind: unknown): kind is ErrorKind => typeof kind === 'string' && Object.hasOwn(HTTP_STATUS, kind);

/** The one classifier: an error's class is read from its extensions, never guessed from its code's spelling. */
export function classifyError(error: ErrorLike): ErrorClass {
  const ext = error.extensions ?? {};
  const code = ext.code;
  if (isErrorKind(ext.kind) && typeof code === 'string') {
    return { kind: 'platform', status: HTTP_STATUS[ext.kind], code, errors: Array.isArray(ext.errors) ? (ext.errors as FieldError[]) : [] };
  }
  if (typeof code === 'string') {
    if (REQUEST_ERROR_CODES.has(code)) return { kind: 'request' };
    if (code.startsWith('SUBREQUEST') || code === 'DOWNSTREAM_SERVICE_ERROR') return { kind: 'unavailable' };
    return { kind: 'internal' };
  }
  // No code: Yoga marks its own request errors with a 4xx http status; graphql-js's coercion errors carry
  // nothing at all. Something that threw underneath (originalError) or came from a subgraph is ours.
  const httpStatus = (ext.http as { status?: unknown } | undefined)?.status;
  if (typeof httpStatus === 'number' && httpStatus >= 400 && httpStatus < 500) return { kind: 'request' };
  if (error.originalError == null && ext.serviceName === undefined) return { kind: 'request' };
  return { kind: 'internal' };
}

function single(kind: ErrorKind, code: string, message: string, parameterName?: string, args: unknown[] = []): PlatformError {
  return new PlatformError(kind, message, [{ code, message, parameterName, args }]);
}

export const errors = {
  notFound: (code: string, message: string, id?: unknown) => single('notFound', code, message, 'id', id === undefined ? [] : [id]),
  domainRule: (code: string, message: string, args: unknown[] = [], parameterName?: string) =>
    single('domainRule', code, message, parameterName, args),
  duplicate: (code: string, message: string, parameterName?: string, value?: unknown) =>
    single('duplicate', code, message, parameterName, value === undefined ? [] : [value]),
  forbidden: (message = 'The user is not authorized to perform this action.') =>
    single('forbidden', KERNEL_CODES.notAuthorized, message),
  unauthenticated: (message = 'Unauthenticated. Please login.') =>
    single('unauthenticated', KERNEL_CODES.notAuthenticated, message),
  badRequest: (code: string, message: string, parameterName?: string) => single('badRequest', code, message, parameterName),
  conflict: (code: string, message: string) => single('conflict', code, message),
  unprocessable: (code: string, message: string) => single('unprocessable', code, message),
  validation: (fieldErrors: FieldError[]) => {
    const { listed, total, message } = listedErrors(fieldErrors);
    return new PlatformError('validation', message, listed, total);
  },
};

/**
 * Collects every field error of one request, so a client sees all of them at once (Fineract's
 * DataValidatorBuilder). `resource` prefixes the codes: validation.msg.<resource>.<param>.<rule>.
 */
export class Validator {
  private readonly found: FieldError[] = [];

  constructor(private readonly resource: string) {}

  fail(parameterName: string, rule: string, message: string, value?: unknown, args: unknown[] = []): this {
    this.found.push({
      code: `validation.msg.${this.resource}.${parameterName}.${rule}`,
      message,
      parameterName,
      value,
      args,
    });
    return this;
  }

  required(parameterName: string, value: unknown): boolean {
    const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (blank) this.fail(parameterName, 'cannot.be.blank', `The parameter \`${parameterName}\` is mandatory.`);
    return !blank;
  }

  maxLength(parameterName: string, value: string | null | undefined, max: number): void {
    if (value != null && value.length > max) {
      this.fail(parameterName, 'exceeds.max.length', `The parameter \`${parameterName}\` exceeds max length of ${max}.`, value, [max]);
    }
  }

  /** An error whose code is not of the validation.msg.<resource> form (Fineract's error.msg.<resource>.<param>.not.supported). */
  add(error: FieldError): this {
    this.found.push(error);
    return this;
  }

  check(condition: boolean, parameterName: string, rule: string, message: string, value?: unknown): void {
    if (!condition) this.fail(parameterName, rule, message, value);
  }

  get hasErrors(): boolean {
    return this.found.length > 0;
  }

  throwIfAny(): void {
    if (this.found.length > 0) throw errors.validation(this.found);
  }
}
