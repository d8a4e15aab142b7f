import type { Database, Tx } from '../kernel/database.js';
import { requireStaff, type Identity } from '../kernel/identity.js';
import { PaymentType } from './payment-type.entity.js';

/** Payment types (Cash, Bank Transfer...). The only writer of organisation.payment_type. */
export class PaymentTypeService {
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
  async find(tx: Tx, id: number): Promise<PaymentType | null> {
    return tx.em.findOne(PaymentType, { id });
  }
}
