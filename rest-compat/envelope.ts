import { classifyError, listedErrors, type ErrorLike, type FieldError } from '../subgraphs/kernel/errors.js';

/** Fineract's error body. httpStatusCode is a string, as Fineract sends it. */
export interface FineractEnvelope {
  developerMessage: string;
  httpStatusCode: string;
  defaultUserMessage: string;
  userMessageGlobalisationCode: string;
  errors: {
    developerMessage: string;
    defaultUserMessage: string;
    userMessageGlobalisationCode: string;
    parameterName: string;
    value?: unknown;
    args: { value: unknown }[];
  }[];
  /** Ours, not Fineract's: how many errors there were, when more than `errors` lists. */
  errorCount?: number;
}

/** `total`: how many errors there were, when `fieldErrors` was already cut to the listed ones upstream. */
export function envelope(status: number, code: string, message: string, fieldErrors: FieldError[] = [], total = fieldErrors.length): FineractEnvelope {
  const { listed } = listedErrors(fieldErrors);
  const count = Math.max(total, fieldErrors.length);
  return {
    developerMessage: message,
    httpStatusCode: String(status),
    defaultUserMessage: message,
    userMessageGlobalisationCode: code,
    ...(count > listed.length ? { errorCount: count } : {}),
    errors: listed.map((e) => ({
      developerMessage: e.message,
      defaultUserMessage: e.message,
      userMessageGlobalisationCode: e.code,
      parameterName: e.parameterName ?? 'id',
      ...(e.value === undefined ? {} : { value: e.value }),
      args: (e.args ?? []).map((value) => ({ value })),
    })),
  };
}

/**
 * GraphQL errors (from the gateway, or the edge's own refusals) to one Fineract response: the one place
 * a REST caller's error body is decided. Platform errors keep their status and codes; GraphQL's verdicts
 * on the request are the caller's fault (400), said in REST field names; anything else is a masked 500.
 * `inputBody`: the request body was the operation's `$input`, so that variable's name is not the caller's.
 */
export function fromGraphQLErrors(graphqlErrors: readonly ErrorLike[], inputBody = false): { status: number; body: FineractEnvelope } {
  // Root fields of one operation run in parallel on different subgraphs, and their errors arrive in whichever
  // order they finished: the caller gets a service's verdict on its request (another tenant's account is 404)
  // before a sibling field's failure (masked as a 500 by the gateway), so the answer does not depend on timing.
  const verdictOnRequest = (e: ErrorLike) => {
    const verdict = classifyError(e);
    return verdict.kind === 'platform' && verdict.status < 500;
  };
  const first = graphqlErrors.find(verdictOnRequest) ?? graphqlErrors[0]!;
  const verdict = classifyError(first);
  switch (verdict.kind) {
    case 'platform': {
      const count = first.extensions?.errorCount;
      return { status: verdict.status, body: envelope(verdict.status, verdict.code, first.message, verdict.errors, typeof count === 'number' ? count : verdict.errors.length) };
    }
    case 'unavailable':
      return { status: 503, body: envelope(503, 'error.msg.platform.service.unavailable', 'The service is temporarily unavailable; please retry.') };
    case 'internal':
      return { status: 500, body: envelope(500, 'error.msg.platform.server.side.error', 'An unexpected error occurred.') };
    case 'request': {
      const fieldErrors = graphqlErrors.map((e) => requestFieldError(e.message, inputBody));
      return { status: 400, body: envelope(400, 'validation.msg.validation.errors.exist', listedErrors(fieldErrors).message, fieldErrors) };
    }
  }
}

/**
 * GraphQL's text names its variables and types ("Variable \"$input\" got invalid value ... at
 * \"input.officeId\"; Int cannot represent non 32-bit signed integer value"): a REST caller gets the field's
 * REST name and our words instead. The REST layer checks variables before it sends them, so this is the
 * net for what only a subgraph refuses.
 */
function requestFieldError(message: string, inputBody: boolean): FieldError {
  const variable = /^Variable "\$(\w+)"/.exec(message)?.[1];
  if (variable === undefined) return { code: 'validation.msg.invalid.parameter', message: 'The request is not valid.' };
  const at = new RegExp(`\\bat "${variable}((?:\\.\\w+|\\[\\d+\\])*)"`).exec(message)?.[1] ?? '';
  const name = inputBody && variable === 'input' ? at.replace(/^\./, '') : `${variable}${at}`;
  if (name === '') return { code: 'validation.msg.invalid.parameter', message: 'The request is not valid.' };
  return { code: 'validation.msg.invalid.parameter', message: `The parameter \`${name}\` is not valid.`, parameterName: name };
}
