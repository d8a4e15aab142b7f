import type { Database, Tx } from '../kernel/database.js';
import { errors } from '../kernel/errors.js';
import { requireStaff, type Identity } from '../kernel/identity.js';
import { PERMISSIONS, type PermissionDef } from './permissions.js';
import { Role, RolePermission } from './role.entity.js';

export interface RolePermissions {
  role: Role;
  permissions: (PermissionDef & { selected: boolean })[];
}

const roleNotFound = (id: number) => errors.notFound('error.msg.role.id.invalid', `Role with identifier ${id} does not exist`, id);

/** Roles and their permission grants. The only writer of organisation.role and role_permission. */
export class RoleService {
  constructor(private readonly db: Database) {}

  async list(identity: Identity): Promise<Role[]> {
    const staff = requireStaff(identity, 'READ_ROLE');
    return this.db.tx(staff.tenantId, (tx) => tx.em.find(Role, {}, { orderBy: { id: 'asc' } }));
  }

  async get(identity: Identity, id: number): Promise<Role> {
    const staff = requireStaff(identity, 'READ_ROLE');
    return this.db.tx(staff.tenantId, async (tx) => {
      const role = await tx.em.findOne(Role, { id });
      if (!role) throw roleNotFound(id);
      return role;
    });
  }

  async permissions(identity: Identity, id: number): Promise<RolePermissions> {
    const staff = requireStaff(identity, 'READ_ROLE');
    return this.db.tx(staff.tenantId, async (tx) => {
      const role = await tx.em.findOne(Role, { id });
      if (!role) throw roleNotFound(id);
      const granted = new Set((await tx.em.find(RolePermission, { roleId: id })).map((p) => p.code));
      return { role, permissions: PERMISSIONS.map((p) => ({ ...p, selected: granted.has(p.code) })) };
    });
  }

  /** Roles by id inside the caller's transaction (user creation checks them). */
  async findMany(tx: Tx, ids: number[]): Promise<Role[]> {
    return tx.em.find(Role, { id: { $in: ids } });
  }

  async byIds(tenantId: string, ids: readonly number[]): Promise<Map<number, Role>> {
    const roles = await this.db.tx(tenantId, (tx) => tx.em.find(Role, { id: { $in: [...ids] } }));
    return new Map(roles.map((r) => [r.id, r]));
  }

  /** Effective permission codes of a set of roles (disabled roles grant nothing). */
  async permissionCodes(tx: Tx, roleIds: number[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await tx.em.execute<{ code: string }[]>(
      `select distinct rp.code from organisation.role_permission rp
       join organisation.role r on r.tenant_id = rp.tenant_id and r.id = rp.role_id
       where rp.role_id in (${roleIds.map(() => '?').join(',')}) and not r.disabled order by rp.code`,
      roleIds,
    );
    return rows.map((r) => r.code);
  }
}
