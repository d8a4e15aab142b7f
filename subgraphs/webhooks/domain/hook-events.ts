/**
 * Which hook (entityName, actionName) pairs exist and which events each receives. Pure: the relay's
 * fan-out, the template and the README table all read this one catalogue.
 */

export interface HookPair {
  entityName: string;
  actionName: string;
}

export interface CatalogueEntry extends HookPair {
  /** The event name(s) a hook on this pair receives. */
  eventTypes: string[];
  description: string;
}

/** A transfer leg is an account.debit / account.credit whose data carries `transferId`. */
export const TRANSFER_PAIR: HookPair = { entityName: 'ACCOUNTTRANSFER', actionName: 'CREATE' };
export const WILDCARD = '*';
export const TEST_EVENT_TYPE = 'hook.test';

export const HOOK_CATALOGUE: CatalogueEntry[] = [
  { entityName: 'CLIENT', actionName: 'CREATE', eventTypes: ['client.created'], description: 'Customer onboarded with CIF assigned.' },
  { entityName: 'CLIENT', actionName: 'ACTIVATE', eventTypes: ['client.activated'], description: 'Client activated.' },
  { entityName: 'CLIENT', actionName: 'BVN_DUPLICATE', eventTypes: ['bvn.duplicate_detected'], description: 'The BVN maps to another active profile.' },
  { entityName: 'SAVINGSACCOUNT', actionName: 'ACTIVATE', eventTypes: ['account.created'], description: 'Savings or current account activated.' },
  { entityName: 'SAVINGSACCOUNT', actionName: 'DEPOSIT', eventTypes: ['account.credit'], description: 'Any credit: deposit, incoming transfer leg, loan disbursement to savings.' },
  { entityName: 'SAVINGSACCOUNT', actionName: 'WITHDRAWAL', eventTypes: ['account.debit'], description: 'Any debit: withdrawal, outgoing transfer leg, repayment from savings, fee.' },
  { entityName: 'ACCOUNTTRANSFER', actionName: 'CREATE', eventTypes: ['account.debit', 'account.credit'], description: 'Both legs of a transfer (events whose data has transferId).' },
  { entityName: 'LOAN', actionName: 'APPROVE', eventTypes: ['loan.approved'], description: 'Loan approved.' },
  { entityName: 'LOAN', actionName: 'DISBURSE', eventTypes: ['loan.disbursed'], description: 'Loan disbursed.' },
  { entityName: 'JOURNALENTRY', actionName: 'CREATE', eventTypes: ['journal.entry.posted'], description: 'Journal transaction posted (manual or system).' },
  { entityName: 'JOURNALENTRY', actionName: 'REVERSE', eventTypes: ['journal.entry.posted'], description: 'Journal transaction reversed (the reversal is posted).' },
  { entityName: 'OFFICE', actionName: 'CREATE', eventTypes: ['office.created'], description: 'Office created.' },
  { entityName: 'CASHIER', actionName: 'ALLOCATECASHTOCASHIER', eventTypes: ['cashier.cash.allocated'], description: 'Cash allocated to a till.' },
  { entityName: 'CASHIER', actionName: 'SETTLECASHFROMCASHIER', eventTypes: ['cashier.cash.settled'], description: 'Cash settled from a till.' },
  { entityName: 'CASHIER', actionName: 'SETTLE', eventTypes: ['cashier.settled'], description: 'End-of-day till settlement.' },
  { entityName: 'COB', actionName: 'COMPLETE', eventTypes: ['cob.completed'], description: 'Close of business completed for a business date.' },
  { entityName: WILDCARD, actionName: WILDCARD, eventTypes: [WILDCARD], description: 'Every event.' },
];

/**
 * Event names whose pair is fixed whatever the emitting module wrote, so hooks and the X-Service-* headers
 * stay stable (the customer module writes CLIENT/BVNDUPLICATE; the published pair is CLIENT/BVN_DUPLICATE).
 */
const CANONICAL_PAIR = new Map<string, HookPair>(
  HOOK_CATALOGUE.filter((e) => e.eventTypes.length === 1 && e.eventTypes[0] !== WILDCARD && e.entityName !== 'JOURNALENTRY').map((e) => [
    e.eventTypes[0]!,
    { entityName: e.entityName, actionName: e.actionName },
  ]),
);

export interface RelayedEvent {
  eventType: string;
  entityName: string;
  actionName: string;
  data: Record<string, unknown>;
}

/** The pair an event is published under (headers, matching). */
export function eventPair(event: Pick<RelayedEvent, 'eventType' | 'entityName' | 'actionName'>): HookPair {
  return CANONICAL_PAIR.get(event.eventType) ?? { entityName: event.entityName, actionName: event.actionName };
}

export function isTransferLeg(event: RelayedEvent): boolean {
  return (event.eventType === 'account.debit' || event.eventType === 'account.credit') && event.data.transferId != null;
}

/** Whether a hook registered for `pairs` receives `event`. */
export function hookReceives(pairs: HookPair[], event: RelayedEvent): boolean {
  const own = eventPair(event);
  return pairs.some(
    (p) =>
      (p.entityName === WILDCARD && p.actionName === WILDCARD) ||
      (p.entityName === own.entityName && (p.actionName === own.actionName || p.actionName === WILDCARD)) ||
      (p.entityName === TRANSFER_PAIR.entityName && p.actionName === TRANSFER_PAIR.actionName && isTransferLeg(event)),
  );
}

/** Pairs a hook may register: the catalogue's, or an entity with `*` for all its actions. */
export function isKnownPair(pair: HookPair): boolean {
  return HOOK_CATALOGUE.some((e) => e.entityName === pair.entityName && (e.actionName === pair.actionName || pair.actionName === WILDCARD));
}

/** Fineract's template groupings: entities grouped under a name, each with its actions. */
export function templateGroupings(): { name: string; entities: { name: string; actions: string[] }[] }[] {
  const byEntity = new Map<string, string[]>();
  for (const e of HOOK_CATALOGUE) byEntity.set(e.entityName, [...(byEntity.get(e.entityName) ?? []), e.actionName]);
  const group = (entity: string) => (entity === 'CLIENT' ? 'portfolio' : entity === 'SAVINGSACCOUNT' || entity === 'ACCOUNTTRANSFER' ? 'savings' : entity === 'LOAN' ? 'loan' : entity === 'CASHIER' ? 'cash_mgmt' : entity === WILDCARD ? 'all' : 'accounting');
  const groups = new Map<string, { name: string; actions: string[] }[]>();
  for (const [name, actions] of byEntity) groups.set(group(name), [...(groups.get(group(name)) ?? []), { name, actions }]);
  return [...groups].map(([name, entities]) => ({ name, entities }));
}
