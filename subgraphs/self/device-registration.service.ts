import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireCustomer, type CustomerIdentity, type Identity } from '../kernel/identity.js';
import { SELF_CODES } from './codes.js';
import { registrationById, registrationOfClient, updateRegistration, upsertRegistration, type DeviceRegistrationRow } from './device-registration.store.js';
import { clientNotFound } from './own-data.service.js';
import type { SelfDependencies } from './self.ports.js';

/** Push tokens are opaque to the bank; Firebase's are about 160 characters. */
const MAX_REGISTRATION_ID = 512;

export interface DeviceRegistrationInput {
  clientId?: number | null;
  registrationId?: string | null;
}

const registrationNotFound = (id: unknown) => errors.notFound(SELF_CODES.deviceRegistrationNotFound, `Device registration with identifier ${id} does not exist`, id);

/**
 * Fineract's /self/device/registration: the customer app's push token, one per client, so that a bank's
 * push gateway can reach the customer. Only the session's own clients; anything else is 404.
 */
export class DeviceRegistrationService {
  constructor(
    private readonly db: Database,
    private readonly deps: SelfDependencies,
  ) {}

  /** POST: records the client's token, replacing the one it had. */
  async register(identity: Identity, input: DeviceRegistrationInput): Promise<DeviceRegistrationRow> {
    const customer = requireCustomer(identity);
    const { clientId, registrationId } = checked(input);
    return this.db.tx(customer.tenantId, async (tx) => {
      await this.ownClient(tx, customer, clientId);
      return upsertRegistration(tx, clientId, registrationId, customer.userId);
    });
  }

  /** PUT /{id}: a new token (or another own client) for an own registration. */
  async update(identity: Identity, id: number, input: DeviceRegistrationInput): Promise<DeviceRegistrationRow> {
    const customer = requireCustomer(identity);
    const { clientId, registrationId } = checked(input);
    return this.db.tx(customer.tenantId, async (tx) => {
      const current = await registrationById(tx, id);
      if (!current || !customer.clientIds.includes(current.clientId)) throw registrationNotFound(id);
      await this.ownClient(tx, customer, clientId);
      if (clientId !== current.clientId && (await registrationOfClient(tx, clientId))) {
        throw errors.domainRule(SELF_CODES.deviceRegistrationDuplicate, `Client ${clientId} already has a device registration.`, [clientId], 'clientId');
      }
      return updateRegistration(tx, id, clientId, registrationId, customer.userId);
    });
  }

  /** GET /client/{clientId}: the client's registration (404 when it has none). */
  async ofClient(identity: Identity, clientId: number): Promise<DeviceRegistrationRow> {
    const customer = requireCustomer(identity);
    return this.db.tx(customer.tenantId, async (tx) => {
      await this.ownClient(tx, customer, clientId);
      const found = await registrationOfClient(tx, clientId);
      if (!found) throw registrationNotFound(clientId);
      return found;
    });
  }

  private async ownClient(tx: Tx, customer: CustomerIdentity, id: number): Promise<void> {
    const client = customer.clientIds.includes(id) ? await this.deps.customers.client(tx, id) : null;
    if (!client) throw clientNotFound(id);
  }
}

function checked(input: DeviceRegistrationInput): { clientId: number; registrationId: string } {
  const v = new Validator('device.registration');
  v.required('clientId', input.clientId);
  if (v.required('registrationId', input.registrationId)) v.maxLength('registrationId', input.registrationId, MAX_REGISTRATION_ID);
  v.throwIfAny();
  return { clientId: input.clientId!, registrationId: input.registrationId!.trim() };
}
