import { formatAmount } from '../../kernel/money.js';
import type { Tx } from '../../kernel/tx.js';

export interface TaxComponentRow {
  id: number;
  name: string;
  percentage: string;
  creditAccountType: number;
  creditAccountId: number | null;
  startDate: string;
}

export interface TaxGroupRow {
  id: number;
  name: string;
  components: { component: TaxComponentRow; startDate: string }[];
}

const COMPONENT_SELECT = `select id, name, percentage::text as percentage, credit_account_type, credit_account_id, to_char(start_date, 'YYYY-MM-DD') as start_date from account.tax_component`;
interface RawComponent { id: number; name: string; percentage: string; credit_account_type: number; credit_account_id: number | null; start_date: string }
const toComponent = (r: RawComponent): TaxComponentRow => ({
  id: Number(r.id), name: r.name, percentage: formatAmount(r.percentage), creditAccountType: Number(r.credit_account_type),
  creditAccountId: r.credit_account_id == null ? null : Number(r.credit_account_id), startDate: r.start_date,
});

export async function insertComponent(tx: Tx, row: TaxComponentRow, actor: number | null): Promise<void> {
  await tx.query(
    `insert into account.tax_component (tenant_id, id, name, percentage, credit_account_type, credit_account_id, start_date, created_by, updated_by) values (?, ?, ?, ?::numeric, ?, ?, ?::date, ?, ?)`,
    [tx.tenantId, row.id, row.name, row.percentage, row.creditAccountType, row.creditAccountId, row.startDate, actor, actor],
  );
}

export async function updateComponent(tx: Tx, id: number, row: Pick<TaxComponentRow, 'name' | 'percentage' | 'startDate'>, actor: number | null): Promise<void> {
  await tx.query(
    `update account.tax_component set name = ?, percentage = ?::numeric, start_date = ?::date, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`,
    [row.name, row.percentage, row.startDate, actor, tx.tenantId, id],
  );
}

export async function findComponents(tx: Tx, ids: readonly number[] | null): Promise<TaxComponentRow[]> {
  if (ids !== null && ids.length === 0) return [];
  const rows = await tx.query<RawComponent>(
    `${COMPONENT_SELECT} where tenant_id = ?${ids === null ? '' : ` and id in (${ids.map(() => '?').join(', ')})`} order by id`,
    [tx.tenantId, ...(ids ?? [])],
  );
  return rows.map(toComponent);
}

export async function insertGroup(tx: Tx, id: number, name: string, actor: number | null): Promise<void> {
  await tx.query(`insert into account.tax_group (tenant_id, id, name, created_by, updated_by) values (?, ?, ?, ?, ?)`, [tx.tenantId, id, name, actor, actor]);
}

export async function renameGroup(tx: Tx, id: number, name: string, actor: number | null): Promise<void> {
  await tx.query(`update account.tax_group set name = ?, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`, [name, actor, tx.tenantId, id]);
}

/** Adds a component to a group, or moves its start date when it is there already. */
export async function upsertGroupComponent(tx: Tx, groupId: number, componentId: number, startDate: string, actor: number | null): Promise<void> {
  await tx.query(
    `insert into account.tax_group_component (tenant_id, group_id, component_id, start_date, created_by, updated_by) values (?, ?, ?, ?::date, ?, ?)
     on conflict (tenant_id, group_id, component_id) do update set start_date = excluded.start_date, updated_at = now(), updated_by = excluded.updated_by`,
    [tx.tenantId, groupId, componentId, startDate, actor, actor],
  );
}

/** Groups with their components (null: every group), in id order. */
export async function findGroups(tx: Tx, ids: readonly number[] | null): Promise<TaxGroupRow[]> {
  if (ids !== null && ids.length === 0) return [];
  const groups = await tx.query<{ id: number; name: string }>(
    `select id, name from account.tax_group where tenant_id = ?${ids === null ? '' : ` and id in (${ids.map(() => '?').join(', ')})`} order by id`,
    [tx.tenantId, ...(ids ?? [])],
  );
  if (groups.length === 0) return [];
  const links = await tx.query<RawComponent & { group_id: number; link_start: string }>(
    `select g.group_id, to_char(g.start_date, 'YYYY-MM-DD') as link_start, c.id, c.name, c.percentage::text as percentage, c.credit_account_type, c.credit_account_id,
       to_char(c.start_date, 'YYYY-MM-DD') as start_date
     from account.tax_group_component g join account.tax_component c on c.tenant_id = g.tenant_id and c.id = g.component_id
     where g.tenant_id = ? and g.group_id in (${groups.map(() => '?').join(', ')}) order by g.group_id, c.id`,
    [tx.tenantId, ...groups.map((g) => g.id)],
  );
  return groups.map((g) => ({
    id: Number(g.id), name: g.name,
    components: links.filter((l) => Number(l.group_id) === Number(g.id)).map((l) => ({ component: toComponent(l), startDate: l.link_start })),
  }));
}

/** Whether the account withholds tax (its own setting, else its product's) and its product's tax group; null when there is no such account. */
export async function accountTaxSettings(tx: Tx, accountId: number): Promise<{ withHoldTax: boolean; taxGroupId: number | null } | null> {
  const rows = await tx.query<{ with_hold_tax: boolean | null; group_id: string | null }>(
    `select coalesce(a.with_hold_tax, (p.parameters->>'withHoldTax')::boolean, false) as with_hold_tax, p.parameters->>'taxGroupId' as group_id
     from account.savings_account a join account.savings_product p on p.tenant_id = a.tenant_id and p.id = a.product_id where a.tenant_id = ? and a.id = ?`,
    [tx.tenantId, accountId],
  );
  const r = rows[0];
  return r ? { withHoldTax: r.with_hold_tax === true, taxGroupId: r.group_id == null ? null : Number(r.group_id) } : null;
}

/** The tax group an account's interest postings withhold, or null when it withholds none. */
export async function productTaxGroup(tx: Tx, accountId: number): Promise<number | null> {
  const settings = await accountTaxSettings(tx, accountId);
  return settings?.withHoldTax ? settings.taxGroupId : null;
}

export async function setAccountWithHoldTax(tx: Tx, accountId: number, value: boolean, actor: number | null): Promise<void> {
  await tx.query(`update account.savings_account set with_hold_tax = ?, updated_at = now(), updated_by = ? where tenant_id = ? and id = ?`, [value, actor, tx.tenantId, accountId]);
}
