import { randomUUID } from 'node:crypto';
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql';
import { auditScopes, PROCESSING_RESULT, type AuditDraft, type AuditScope } from '../kernel/audit.js';
import type { Identity } from '../kernel/identity.js';
import type { Database } from './database.js';
import type { RequestContext } from './request-context.js';

/*
 * Every mutation root field of every subgraph is a command (each REST write runs one): it runs in an audit
 * scope whose entry rides in the command's transactions, written by the first of them that writes anything
 * (Database.tx writes it in that transaction, ahead of its commit). A command that fails, or commits no
 * transaction, gets its entry in a transaction of its own once it has answered (a failure's carries the
 * error's code), unless one of its transactions already wrote it.
 */

/** Fineract's action names for the verbs of our mutation names that it words differently. */
const ACTION_WORDS: Record<string, string> = {
  deposit: 'DEPOSIT',
  withdrawFrom: 'WITHDRAWAL',
  make: 'REPAYMENT',
  submit: 'CREATE',
  authenticate: 'LOGIN',
  selfAuthenticate: 'LOGIN',
  logout: 'LOGOUT',
  selfLogout: 'LOGOUT',
  updateRolePermissions: 'PERMISSIONS',
  receive: 'RECEIVE',
};

/** Mutations whose entity is not the rest of their name. */
const ENTITIES: Record<string, string> = {
  authenticate: 'USER',
  selfAuthenticate: 'SELFUSER',
  logout: 'USER',
  selfLogout: 'SELFUSER',
  makeLoanRepayment: 'LOAN',
  updateRolePermissions: 'ROLE',
  depositToSavingsAccount: 'SAVINGSACCOUNT',
  withdrawFromSavingsAccount: 'SAVINGSACCOUNT',
  selfChangePassword: 'SELFUSER',
  selfRegister: 'SELFUSER',
};

/**
 * `depositToSavingsAccount` is DEPOSIT on SAVINGSACCOUNT, `approveMakerChecker` APPROVE on MAKERCHECKER: the
 * leading verb and the entity after it, in Fineract's upper-case words.
 */
export function commandNames(field: string): { actionName: string; entityName: string } {
  const whole = ACTION_WORDS[field];
  const words = field.replace(/^self(?=[A-Z])/, '').split(/(?=[A-Z])/);
  const verb = words[0] ?? field;
  const twoWordVerb = `${verb}${words[1] ?? ''}`;
  const actionName = whole ?? ACTION_WORDS[twoWordVerb] ?? ACTION_WORDS[verb] ?? verb.toUpperCase();
  const rest = (ACTION_WORDS[twoWordVerb] ? words.slice(2) : words.slice(1)).filter((w) => w !== 'To' && w !== 'From');
  const entityName = ENTITIES[field] ?? (rest.join('').toUpperCase() || 'COMMAND');
  return { actionName, entityName };
}

/** Keys whose values never reach the trail. */
const SECRET_KEY = /pass(word)?|secret|token|pin$|otp|credential|signature|key$/i;
/** The redacted value. */
export const REDACTED = '***';
/** An entry keeps at most this much of its request; a larger one is recorded by its size only. */
const MAX_COMMAND_JSON = 16_384;

/** The request with secrets replaced: by key name, and the value of a `{fieldName: "Secret", fieldValue}` pair (hook configuration). */
export function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const secretPair = typeof record.fieldName === 'string' && SECRET_KEY.test(record.fieldName.replace(/\s/g, ''));
  return Object.fromEntries(
    Object.entries(record).map(([k, v]) => [k, (secretPair && k === 'fieldValue') || (SECRET_KEY.test(k) && v !== null && typeof v !== 'object') ? REDACTED : redacted(v)]),
  );
}

function commandJson(args: Record<string, unknown>): string {
  const text = JSON.stringify(redacted(args));
  return text.length <= MAX_COMMAND_JSON ? text : JSON.stringify({ truncated: true, length: text.length });
}

/** The id the command acted on, as its arguments name it (`id`, `savingsAccountId`...); creates take theirs from the result. */
function argumentId(args: Record<string, unknown>): number | null {
  const found = Object.entries(args).find(([k, v]) => (k === 'id' || k.endsWith('Id')) && Number.isSafeInteger(v));
  return found ? (found[1] as number) : null;
}

export function draftFor(identity: Identity, field: string, args: Record<string, unknown>): AuditDraft {
  const staff = identity.kind === 'staff' ? identity : null;
  return {
    commandId: randomUUID(),
    ...commandNames(field),
    operation: field,
    resourceId: argumentId(args),
    subresourceId: null,
    officeId: staff?.officeId ?? null,
    officeHierarchy: staff?.officeHierarchy ?? null,
    makerId: identity.kind === 'anonymous' ? null : identity.userId,
    makerDelegatedBy: staff?.delegatedBy ?? null,
    checkerId: null,
    checkedAt: null,
    commandJson: commandJson(args),
    processingResult: PROCESSING_RESULT.processed,
    errorCode: null,
  };
}

/** The code a failure is known by: its first field error's, else its own. */
function errorCodeOf(error: unknown): string {
  const extensions = (error as { extensions?: { code?: unknown; errors?: { code?: unknown }[] } } | null)?.extensions;
  const code = extensions?.errors?.[0]?.code ?? extensions?.code;
  return typeof code === 'string' ? code.slice(0, 200) : 'error.msg.platform.server.side.error';
}

/** Wraps `schema`'s mutation root fields in audit scopes; the schema is changed in place and returned. */
export function auditMutations(schema: GraphQLSchema, db: Database): GraphQLSchema {
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    if (field.resolve) field.resolve = audited(field.name, field.resolve as GraphQLFieldResolver<unknown, RequestContext>, db);
  }
  return schema;
}

function audited(name: string, resolve: GraphQLFieldResolver<unknown, RequestContext>, db: Database): GraphQLFieldResolver<unknown, RequestContext> {
  return (source, args: Record<string, unknown>, context, info) => {
    if (!db.auditWriter) return resolve(source, args, context, info);
    const scope: AuditScope = { draft: draftFor(context.identity, name, args), committed: false, carrier: null };
    return auditScopes.run(scope, async () => {
      let value: unknown;
      try {
        value = await resolve(source, args, context, info);
      } catch (error) {
        // Unless a transaction of the command that wrote something has committed its entry (the effect stands).
        await db.recordAudit(context.identity.tenantId, { ...scope.draft, processingResult: PROCESSING_RESULT.error, errorCode: errorCodeOf(error) });
        throw error;
      }
      // A command that wrote nothing in a transaction of its own (or whose transaction is still open: it joined
      // an idempotent request's, which commits after this answer) has its entry recorded now.
      if (!scope.committed && scope.carrier === null) await db.recordAudit(context.identity.tenantId, scope.draft);
      return value;
    });
  };
}
