import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { emit } from '../kernel/outbox.js';
import { todayIso } from '../kernel/scalars.js';
import { Client, ClientOfficial, CLIENT_STATUS_PENDING } from './client.entity.js';
import { codeValueNotFound, type ClientChange, type ClientRef, type LifecycleInput } from './client.model.js';
import type { ClientQueries } from './client.queries.js';
import { clientEventData } from './domain/client-rules.js';
import type { CustomerDependencies, OpenProductsOf } from './customer.ports.js';
import { LIFECYCLE, lifecycleTransition, validateLifecycleInput, type LifecycleCommand } from './domain/client-lifecycle.js';
import { CUSTOMER_CODES } from './codes.js';

const LIFECYCLE_PERMISSIONS: Record<LifecycleCommand, string> = {
  close: 'CLOSE_CLIENT', reject: 'REJECT_CLIENT', withdraw: 'WITHDRAW_CLIENT', reactivate: 'REACTIVATE_CLIENT', undoRejection: 'UNDOREJECT_CLIENT', undoWithdrawal: 'UNDOWITHDRAWAL_CLIENT',
};
const LIFECYCLE_ACTIONS: Record<LifecycleCommand, string> = {
  close: 'CLOSE', reject: 'REJECT', withdraw: 'WITHDRAW', reactivate: 'REACTIVATE', undoRejection: 'UNDOREJECT', undoWithdrawal: 'UNDOWITHDRAWAL',
};
const LIFECYCLE_EVENTS: Record<LifecycleCommand, string> = {
  close: 'client.closed', reject: 'client.rejected', withdraw: 'client.withdrawn', reactivate: 'client.reactivated', undoRejection: 'client.rejection_undone', undoWithdrawal: 'client.withdrawal_undone',
};


/**
 * The client's status after onboarding: Fineract's close, reject, withdraw and their undoing, and the
 * deletion of a pending client. Rules without I/O live in domain/client-lifecycle.ts.
 */
export class ClientLifecycleService {
  private readonly openProductChecks: OpenProductsOf[] = [];

  constructor(
    private readonly db: Database,
    private readonly clients: ClientQueries,
    private readonly deps: Pick<CustomerDependencies, 'codeValueValid' | 'cutOffSelfService'>,
  ) {}

  /** Modules that hold a client's products (accounts, loans) register their count of open ones here. */
  addOpenProductsCheck(check: OpenProductsOf): void {
    this.openProductChecks.push(check);
  }

  private async holdsOpenProducts(tx: Tx, clientId: number): Promise<boolean> {
    for (const check of this.openProductChecks) if ((await check(tx, clientId)) > 0) return true;
    return false;
  }

  /**
   * close, reject, withdraw, reactivate, undoRejection, undoWithdrawal: Fineract's lifecycle (domain/client-lifecycle.ts).
   * Reasons are values of the command's code; closing is refused while accounts or loans are open.
   */
  async changeStatus(identity: Identity, ref: ClientRef, command: LifecycleCommand, input: LifecycleInput): Promise<ClientChange> {
    const actor = requireStaff(identity, LIFECYCLE_PERMISSIONS[command]);
    return this.db.tx(actor.tenantId, (tx) => this.changeStatusCore(tx, actor, ref, command, input));
  }

  /** The lifecycle command's core inside the caller's transaction. */
  async changeStatusCore(tx: Tx, actor: Actor, ref: ClientRef, command: LifecycleCommand, input: LifecycleInput): Promise<ClientChange> {
    validateLifecycleInput(command, input.date, input.reasonId, todayIso());
    const rule = LIFECYCLE[command];
    const date = input.date!;
    const client = await this.clients.getVisible(tx, actor, ref, true);
    const to = lifecycleTransition(command, client, date);
    if (rule.reason && !(await this.deps.codeValueValid(tx, rule.reason.code, input.reasonId!))) throw codeValueNotFound(rule.reason.param, input.reasonId!);
    if (command === 'close' && (await this.holdsOpenProducts(tx, client.id))) {
      throw errors.domainRule(CUSTOMER_CODES.clientCloseNonClosedSavingsAccount, 'A client with open accounts or loans cannot be closed.', [client.id]);
    }
    const changes: Record<string, unknown> = { status: to, [rule.dateParam]: date };
    if (rule.reason) changes[rule.reason.param] = input.reasonId;
    switch (command) {
      case 'close':
        client.closedOnDate = date;
        client.closureReasonId = input.reasonId!;
        break;
      case 'reject':
        client.rejectedOnDate = date;
        client.rejectionReasonId = input.reasonId!;
        break;
      case 'withdraw':
        client.withdrawnOnDate = date;
        client.withdrawalReasonId = input.reasonId!;
        break;
      case 'reactivate':
        // Pending again (Fineract clears the closure): it is activated anew, so the old activation goes too.
        client.reactivatedOnDate = date;
        client.activationDate = null;
        client.closedOnDate = null;
        client.closureReasonId = null;
        break;
      case 'undoRejection':
        client.reopenedOnDate = date;
        client.rejectedOnDate = null;
        client.rejectionReasonId = null;
        break;
      case 'undoWithdrawal':
        client.reopenedOnDate = date;
        client.withdrawnOnDate = null;
        client.withdrawalReasonId = null;
        break;
    }
    client.statusId = to;
    client.updatedBy = actor.userId;
    await tx.em.flush();
    // A client closed (a death, say), rejected or withdrawn has no customer any more: its logins stop now.
    if (command === 'close' || command === 'reject' || command === 'withdraw') await this.deps.cutOffSelfService(tx, client.id, actor.userId);
    await emit(tx, { eventType: LIFECYCLE_EVENTS[command], entityName: 'CLIENT', actionName: LIFECYCLE_ACTIONS[command], data: clientEventData(client) });
    return { client, changes };
  }

  /** Fineract's DELETE /clients/{id}: only a pending client (never active) is removed, with its officials. */
  async delete(identity: Identity, ref: ClientRef): Promise<Client> {
    const actor = requireStaff(identity, 'DELETE_CLIENT');
    return this.db.tx(actor.tenantId, (tx) => this.deleteCore(tx, actor, ref));
  }

  async deleteCore(tx: Tx, actor: Actor, ref: ClientRef): Promise<Client> {
    const client = await this.clients.getVisible(tx, actor, ref, true);
    if (client.statusId !== CLIENT_STATUS_PENDING) {
      throw errors.domainRule(CUSTOMER_CODES.clientCannotBeDeletedNotPending, `Client with identifier ${client.id} is not pending and cannot be deleted.`, [client.id]);
    }
    await tx.em.nativeDelete(ClientOfficial, { clientId: client.id });
    const data = clientEventData(client);
    tx.em.remove(client);
    await tx.em.flush();
    await emit(tx, { eventType: 'client.deleted', entityName: 'CLIENT', actionName: 'DELETE', data });
    return client;
  }
}
