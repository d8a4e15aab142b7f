import type { GraphQLFormattedError } from 'graphql';
import { CLIENT_ERROR_CODES } from '../router/gateway.js';
import type { FieldError } from '../subgraphs/kernel/errors.js';

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
}

export function envelope(status: number, code: string, message: string, fieldErrors: FieldError[] = []): FineractEnvelope {
  return {
    developerMessage: message,
    httpStatusCode: String(status),
    defaultUserMessage: message,
    userMessageGlobalisationCode: code,
    errors: fieldErrors.map((e) => ({
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
 * GraphQL errors to one Fineract response. Platform errors carry their status and codes in extensions;
 * GraphQL's own request errors (a value of the wrong type) are the caller's fault: 400, never 500.
 */
export function fromGraphQLErrors(graphqlErrors: readonly GraphQLFormattedError[]): { status: number; body: FineractEnvelope } {
  const first = graphqlErrors[0]!;
  const ext = (first.extensions ?? {}) as { code?: string; status?: number; errors?: FieldError[] };
  if (typeof ext.status === 'number' && typeof ext.code === 'string' && ext.code.includes('.')) {
    return { status: ext.status, body: envelope(ext.status, ext.code, first.message, ext.errors ?? []) };
  }
  // GraphQL's verdicts on the request (a value of the wrong type) are the caller's fault; anything else is ours.
  const requestError = ext.code === undefined || CLIENT_ERROR_CODES.has(ext.code);
  if (!requestError) {
    return { status: 500, body: envelope(500, 'error.msg.platform.server.side.error', 'An unexpected error occurred.') };
  }
  const messages = graphqlErrors.map((e) => e.message);
  return {
    status: 400,
    body: envelope(400, 'validation.msg.validation.errors.exist', messages.join(' '), messages.map((m) => ({ code: 'validation.msg.invalid.parameter', message: m }))),
  };
}
