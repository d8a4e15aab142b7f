import { Kind, type DocumentNode, type ValueNode } from 'graphql';
import type { Identity } from '../kernel/identity.js';
import type { BatchLane } from '../platform/commit-batch.js';

/**
 * The group-commit lane of a deposit or withdrawal (Database.batchedTx): concurrent commands on one account
 * share a transaction, in ascending teller (whose till row each locks after the account's). Credits and
 * debits have lanes of their own because a credit locks the client before the account and a debit does
 * not: in one batch, a debit's account lock would come before a credit's client lock.
 */
export function movementLane(accountId: number, side: 'credit' | 'debit'): string {
  return `savings:${accountId}:${side}`;
}

const MOVEMENT_FIELDS: Readonly<Record<string, 'credit' | 'debit'>> = { depositToSavingsAccount: 'credit', withdrawFromSavingsAccount: 'debit' };

/**
 * The lane of an operation that is exactly one deposit or one withdrawal, for a transaction opened before
 * the command runs: an idempotent request's, which holds its key and the command's effect together
 * (platform/idempotency.ts). Anything else (several fields, another field, an account id that is not a
 * plain integer) has no lane and runs in a transaction of its own.
 */
export function movementLaneOf(document: DocumentNode, variables: Record<string, unknown> | undefined, identity: Identity): BatchLane | null {
  if (identity.kind !== 'staff') return null;
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operations.length === 1 ? operations[0]! : null;
  if (!operation || operation.operation !== 'mutation' || operation.selectionSet.selections.length !== 1) return null;
  const field = operation.selectionSet.selections[0]!;
  if (field.kind !== Kind.FIELD) return null;
  const side = Object.hasOwn(MOVEMENT_FIELDS, field.name.value) ? MOVEMENT_FIELDS[field.name.value]! : null;
  const argument = field.arguments?.find((a) => a.name.value === 'savingsAccountId');
  const accountId = argument ? integerOf(argument.value, variables) : null;
  return side && accountId !== null ? { lane: movementLane(accountId, side), order: identity.userId } : null;
}

function integerOf(value: ValueNode, variables: Record<string, unknown> | undefined): number | null {
  const raw = value.kind === Kind.INT ? Number(value.value) : value.kind === Kind.VARIABLE ? variables?.[value.name.value] : null;
  return typeof raw === 'number' && Number.isSafeInteger(raw) ? raw : null;
}
