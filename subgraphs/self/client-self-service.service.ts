import { randomBytes, randomInt } from 'node:crypto';
import type { Database } from '../platform/database.js';
import { errors } from '../kernel/errors.js';
import { requireStaff, type Identity } from '../kernel/identity.js';
import { emit } from '../kernel/outbox.js';
import { SELF_CODES } from './codes.js';
import { clientNotFound } from './own-data.service.js';
import type { SelfDependencies } from './self.ports.js';

export const SELF_SERVICE_COMMANDS = ['disable', 'enable', 'resetPassword'] as const;
export type SelfServiceCommand = (typeof SELF_SERVICE_COMMANDS)[number];

/** The audit record of a staff member's action on a client's self-service login, in the action's transaction. */
export const CLIENT_SELF_SERVICE_CHANGED_EVENT = 'client.selfservice.changed';

export interface SelfServiceChange {
  clientId: number;
  command: SelfServiceCommand;
  userIds: number[];
  /** resetPassword only: shown once, never stored in clear; the customer must change it at first login. */
  oneTimePassword: string | null;
}

/**
 * A one-time password: 12 characters of base64url (72 random bits) with a letter and a digit placed at
 * random, so that it always meets the password policy (a letter and a digit, 8 to 50 characters).
 */
function oneTimePassword(): string {
  const chars = [...randomBytes(9).toString('base64url')];
  chars.splice(randomInt(0, chars.length + 1), 0, 'abcdefghjkmnpqrstuvwxyz'[randomInt(0, 23)]!);
  chars.splice(randomInt(0, chars.length + 1), 0, String(randomInt(2, 10)));
  return chars.join('');
}

/**
 * Staff's hold on a client's self-service login (POST /clients/{id}/selfservice?command=...), permission
 * UPDATE_CLIENTSELFSERVICE: disable (sessions revoked, streams ended at once), enable, and resetPassword (a
 * one-time password the customer must replace at first login). Enabling a client that is not active is
 * refused: closing, rejecting and withdrawing a client cut its customer off on purpose.
 */
export class ClientSelfServiceAdmin {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  async command(identity: Identity, clientId: number, command: string): Promise<SelfServiceChange> {
    const staff = requireStaff(identity, 'UPDATE_CLIENTSELFSERVICE');
    if (!(SELF_SERVICE_COMMANDS as readonly string[]).includes(command)) {
      throw errors.badRequest(SELF_CODES.selfServiceCommandUnsupported, `Unsupported command \`${command}\`: one of ${SELF_SERVICE_COMMANDS.join(', ')}.`, 'command');
    }
    const cmd = command as SelfServiceCommand;
    const password = cmd === 'resetPassword' ? oneTimePassword() : null;
    // Hashed before the transaction: scrypt is slow on purpose and must not hold a connection.
    const passwordHash = password === null ? null : await this.deps.organisation.preparePassword(password);
    return this.db.tx(staff.tenantId, async (tx) => {
      const client = (await this.deps.customers.visibleToStaff(tx, staff, clientId)) ? await this.deps.customers.client(tx, clientId) : null;
      if (!client) throw clientNotFound(clientId);
      if (cmd !== 'disable' && !client.active) {
        throw errors.domainRule(SELF_CODES.selfServiceClientNotActive, `Client with identifier ${clientId} is not active: its self-service login stays disabled.`, [clientId], 'clientId');
      }
      const userIds =
        cmd === 'disable'
          ? await this.deps.organisation.disableCustomerLogins(tx, clientId, staff.userId)
          : cmd === 'enable'
            ? await this.deps.organisation.enableCustomerLogins(tx, clientId, staff.userId)
            : await this.deps.organisation.resetCustomerPassword(tx, clientId, passwordHash!, staff.userId);
      if (userIds.length === 0) {
        throw errors.notFound(SELF_CODES.selfServiceUserNotFound, `Client with identifier ${clientId} has no self-service login.`, clientId);
      }
      await emit(tx, {
        eventType: CLIENT_SELF_SERVICE_CHANGED_EVENT,
        entityName: 'CLIENT',
        actionName: 'UPDATESELFSERVICE',
        data: { clientId, command: cmd, userIds, by: staff.userId, byUsername: staff.username, at: new Date().toISOString() },
      });
      return { clientId, command: cmd, userIds, oneTimePassword: password };
    });
  }
}
