import { Kind, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import type { Identity } from '../subgraphs/kernel/identity.js';
import type { CheckedDocument } from './graphql-limits.js';
import { CUSTOMER_ROOT_FIELDS, PASSWORD_RENEWAL_ROOT_FIELDS } from '../subgraphs/self/customer-surface.js';

/**
 * Why a customer key may not run a GraphQL request, or null when it may (or the caller is not a customer).
 * `checked` is the document the limits parsed (checkGraphQLRequest).
 */
export function customerGraphQLRefusal(checked: CheckedDocument | undefined, identity: Identity): string | null {
  if (identity.kind !== 'customer') return null;
  // Without its text (a persisted-query hash, a malformed body) a request's root fields cannot be checked.
  if (!checked) return 'A customer session must send the query text.';
  const { document } = checked;
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    if (identity.mustRenewPassword) {
      // A one-time password (a staff reset) opens nothing but its own change: no reads, no streams.
      const refused = definition.operation === 'subscription' ? 'a subscription' : rootFields(definition.selectionSet, fragments, new Set()).find((name) => name !== '__typename' && !PASSWORD_RENEWAL_ROOT_FIELDS.has(name));
      if (refused) return `The password must be changed first (selfChangePassword); this session may not call ${refused}.`;
      continue;
    }
    // Subscriptions already scope their events to the customer's own records (platform/event-stream.ts).
    if (definition.operation === 'subscription') continue;
    const allowed = CUSTOMER_ROOT_FIELDS[definition.operation];
    const refused = rootFields(definition.selectionSet, fragments, new Set()).find((name) => name !== '__typename' && !allowed.has(name));
    if (refused) return `A customer session may not call ${refused}; self-service is served by me and the self-service mutations.`;
  }
  return null;
}

function rootFields(selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): string[] {
  const names: string[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) names.push(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) names.push(...rootFields(selection.selectionSet, fragments, seen));
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = fragments.get(selection.name.value);
      if (fragment) names.push(...rootFields(fragment.selectionSet, fragments, seen));
    }
  }
  return names;
}
