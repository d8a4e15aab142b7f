import BigNumber from 'bignumber.js';
import type { Database } from '../../platform/database.js';
import type { Tx } from '../../kernel/tx.js';
import { checkedPage } from '../../kernel/paging.js';
import { requireCustomer, requireStaff, type Identity } from '../../kernel/identity.js';
import { CALCULATION_TYPE_BY_ID, TIME_TYPE_BY_ID, type ChargeEnum } from '../domain/charge-kinds.js';
import { clientChargeNotFound, type ClientChargeCommands } from '../commands/client-charge.command.js';
import type { ChargesDependencies } from '../ports.js';
import { currencyView, type ChargeCurrencyView } from './charge.query.js';
import * as store from '../store/client-charge.store.js';

/** A client charge as Fineract's GET /clients/{clientId}/charges shows it (ClientChargeData). */
export interface ClientChargeView {
  id: number;
  clientId: number;
  chargeId: number;
  name: string;
  dueDate: string;
  chargeTimeType: ChargeEnum;
  chargeCalculationType: ChargeEnum;
  currency: ChargeCurrencyView;
  amount: string;
  amountPaid: string;
  amountWaived: string;
  amountWrittenOff: string;
  amountOutstanding: string;
  penalty: boolean;
  isActive: boolean;
  isPaid: boolean;
  isWaived: boolean;
}

export interface ClientChargePage {
  totalFilteredRecords: number;
  pageItems: ClientChargeView[];
}

export interface ClientChargeFilter {
  pendingPayment?: boolean | null;
  limit?: number | null;
  offset?: number | null;
}

const DEFAULT_PAGE = 200;

export class ClientChargeQueries {
  constructor(
    private readonly db: Database,
    private readonly deps: ChargesDependencies,
    private readonly commands: ClientChargeCommands,
  ) {}

  async list(identity: Identity, clientId: number, filter: ClientChargeFilter): Promise<ClientChargePage> {
    const staff = requireStaff(identity, 'READ_CLIENT');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.commands.visibleClient(tx, staff, clientId);
      return this.page(tx, clientId, filter);
    });
  }

  /** GET /self/clients/{id}/charges: the customer's own client only (another's is 404). */
  async listOwn(identity: Identity, clientId: number, filter: ClientChargeFilter): Promise<ClientChargePage> {
    const customer = requireCustomer(identity);
    return this.db.tx(customer.tenantId, async (tx) => {
      await this.commands.visibleClient(tx, customer, clientId);
      return this.page(tx, clientId, filter);
    });
  }

  async get(identity: Identity, clientId: number, id: number): Promise<ClientChargeView> {
    const staff = requireStaff(identity, 'READ_CLIENT');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.commands.visibleClient(tx, staff, clientId);
      const row = await store.findClientCharge(tx, clientId, id);
      if (!row) throw clientChargeNotFound(id);
      return (await this.views(tx, [row]))[0]!;
    });
  }

  private async page(tx: Tx, clientId: number, filter: ClientChargeFilter): Promise<ClientChargePage> {
    const { limit, offset } = checkedPage(filter.limit ?? DEFAULT_PAGE, filter.offset ?? 0);
    const { total, rows } = await store.clientChargesOf(tx, clientId, { pendingOnly: filter.pendingPayment === true, limit, offset });
    return { totalFilteredRecords: total, pageItems: await this.views(tx, rows) };
  }

  private async views(tx: Tx, rows: readonly store.ClientChargeRow[]): Promise<ClientChargeView[]> {
    const currencies = new Map<string, ChargeCurrencyView>();
    const out: ClientChargeView[] = [];
    for (const r of rows) {
      if (!currencies.has(r.currencyCode)) {
        const c = await this.deps.currency(tx, r.currencyCode);
        currencies.set(r.currencyCode, c ? currencyView(c) : { code: r.currencyCode, name: r.currencyCode, decimalPlaces: 2, displaySymbol: null, nameCode: `currency.${r.currencyCode}`, inMultiplesOf: 0, displayLabel: r.currencyCode });
      }
      const settled = new BigNumber(r.amountOutstanding).isZero();
      out.push({
        id: r.id, clientId: r.clientId, chargeId: r.chargeId, name: r.name, dueDate: r.dueDate, chargeTimeType: TIME_TYPE_BY_ID.get(r.timeType)!,
        chargeCalculationType: CALCULATION_TYPE_BY_ID.get(r.calculationType)!, currency: currencies.get(r.currencyCode)!, amount: r.amount, amountPaid: r.amountPaid,
        amountWaived: r.amountWaived, amountWrittenOff: '0', amountOutstanding: r.amountOutstanding, penalty: r.penalty, isActive: r.active,
        isPaid: settled && new BigNumber(r.amountWaived).isZero(), isWaived: settled && new BigNumber(r.amountWaived).gt(0),
      });
    }
    return out;
  }
}
