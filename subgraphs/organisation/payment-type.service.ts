import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { requireStaff, type Identity } from '../kernel/identity.js';
import { ReferenceCache } from '../platform/reference-cache.js';
import { PaymentType } from './payment-type.entity.js';
import { paymentTypes } from './store/reference.store.js';

/** Payment types (Cash, Bank Transfer...). The only writer of organisation.payment_type. */
export interface PaymentTypeRecord {
  id: number;
  name: string;
  isCashPayment: boolean;
}

export class PaymentTypeService {
  /** The tenant's payment types (a handful), cached: every deposit and withdrawal names one. */
  private readonly all = new ReferenceCache(async (tx) => new Map((await paymentTypes(tx)).map((r): [number, PaymentTypeRecord] => [r.id, r])));

  constructor(private readonly db: Database) {}

  async list(identity: Identity): Promise<PaymentType[]> {
    const staff = requireStaff(identity, 'READ_PAYMENTTYPE');
    return this.db.tx(staff.tenantId, (tx) => tx.em.find(PaymentType, {}, { orderBy: { position: 'asc', id: 'asc' } }));
  }

  async names(tenantId: string, ids: readonly number[]): Promise<Map<number, string>> {
    const types = await this.db.tx(tenantId, (tx) => tx.em.find(PaymentType, { id: { $in: [...ids] } }));
    return new Map(types.map((t) => [t.id, t.name]));
  }

  /** For money services inside their transaction: deposits need to know whether a payment type is cash. */
  /** Every payment type, in id order, from the per-tenant cache (a collection sheet's paymentTypeOptions). */
  async allIn(tx: Tx): Promise<PaymentTypeRecord[]> {
    return [...(await this.all.get(tx)).values()].sort((a, b) => a.id - b.id);
  }

  async find(tx: Tx, id: number): Promise<PaymentTypeRecord | null> {
    return (await this.all.get(tx)).get(id) ?? null;
  }
}
