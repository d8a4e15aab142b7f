import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors, PlatformError, Validator } from '../kernel/errors.js';
import { nextValue } from '../kernel/sequence.js';
import { hasPermission, requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { emit } from '../kernel/outbox.js';
import { PERMISSIONS, type PermissionDef } from './permissions.js';
import { Role, RolePermission } from './role.entity.js';
import { ORGANISATION_CODES } from './codes.js';
import { permissionCodesOf } from './store/reference.store.js';

export interface RolePermissions {
  role: Role;
  permissions: (PermissionDef & { selected: boolean })[];
}

const roleNotFound = (id: number) => errors.notFound(ORGANISATION_CODES.roleIdInvalid, `Role with identifier ${id} does not exist`, id);

export const ROLE_PERMISSIONS_CHANGED_EVENT = 'role.permissions.changed';

export interface RoleInput {
  name?: string | null;
  description?: string | null;
}

/** Ids of roles an institution creates start above the seeded catalogue's (Fineract's 3200xx), so a seed added later never collides. */
const FIRST_CUSTOM_ROLE_ID = 1_000_001;

const duplicateName = (name: string) =>
  errors.domainRule(ORGANISATION_CODES.roleDuplicateName, `A role named ${name.slice(0, 100)} already exists.`, [name.slice(0, 100)], 'name');

function validateRole(input: RoleInput, creating: boolean): void {
  const v = new Validator('role');
  if (creating || input.name !== undefined) {
    if (v.required('name', input.name?.trim() || null)) v.maxLength('name', input.name, 100);
  }
  if (creating || input.description !== undefined) {
    if (v.required('description', input.description?.trim() || null)) v.maxLength('description', input.description, 500);
  }
  v.throwIfAny();
}

/** Roles and their permission grants. The only writer of organisation.role and role_permission. */
export class RoleService {
  constructor(
    private readonly db: Database,
    /** After a role's permissions change, cached identities of the tenant must be rebuilt (the edge's cache). */
    private readonly forgetTenantCredentials: (tenantId: string) => void = () => undefined,
  ) {}

  /**
   * Fineract's PUT /roles/{id}/permissions: `permissions` maps codes to true (grant) or false (revoke).
   * Containment: the caller may grant or revoke only codes it holds itself (ALL_FUNCTIONS only a super
   * user). Audited by a role.permissions.changed event in the same transaction.
   */
  async updatePermissions(identity: Identity, id: number, permissions: Record<string, unknown>): Promise<{ roleId: number; changes: Record<string, boolean> }> {
    const actor = requireStaff(identity, 'PERMISSIONS_ROLE');
    return this.db.tx(actor.tenantId, (tx) => this.updatePermissionsCore(tx, actor, id, permissions));
  }

  async updatePermissionsCore(tx: Tx, actor: Actor, id: number, permissions: Record<string, unknown>): Promise<{ roleId: number; changes: Record<string, boolean> }> {
    const known = new Set(PERMISSIONS.map((p) => p.code));
    const entries = Object.entries(permissions ?? {});
    const invalid = entries.filter(([code, selected]) => !known.has(code) || typeof selected !== 'boolean');
    if (entries.length === 0 || invalid.length > 0) {
      throw errors.validation(
        (invalid.length > 0 ? invalid : [['permissions', null]]).slice(0, 20).map(([code]) => ({
          code: ORGANISATION_CODES.rolePermissionsInvalid,
          message: `The permission ${String(code).slice(0, 100)} is not a known permission code mapped to true or false.`,
          parameterName: 'permissions',
        })),
      );
    }
    const unheld = entries.map(([code]) => code).filter((code) => !hasPermission(actor, code));
    if (unheld.length > 0) {
      const message = `Only a user holding ${unheld.slice(0, 5).join(', ')} may grant or revoke it.`;
      throw new PlatformError('forbidden', message, [{ code: ORGANISATION_CODES.roleCannotChangeUnheldPermissions, message, parameterName: 'permissions', args: unheld.slice(0, 20) }]);
    }
    const role = await tx.em.findOne(Role, { id });
    if (!role) throw roleNotFound(id);
    const granted = new Set((await tx.em.find(RolePermission, { roleId: id })).map((p) => p.code));
    const changes: Record<string, boolean> = {};
    for (const [code, selected] of entries as [string, boolean][]) {
      if (selected === granted.has(code)) continue;
      changes[code] = selected;
      if (selected) tx.em.persist(Object.assign(new RolePermission(), { tenantId: tx.tenantId, roleId: id, code }));
      else await tx.em.nativeDelete(RolePermission, { roleId: id, code });
    }
    await tx.em.flush();
    if (Object.keys(changes).length > 0) {
      await emit(tx, {
        eventType: ROLE_PERMISSIONS_CHANGED_EVENT,
        entityName: 'ROLE',
        actionName: 'PERMISSIONS',
        data: { roleId: id, changes, changedBy: actor.userId, changedByUsername: actor.username, changedAt: new Date().toISOString() },
      });
      const tenantId = tx.tenantId;
      tx.afterCommit(() => this.forgetTenantCredentials(tenantId));
    }
    return { roleId: id, changes };
  }

  /**
   * Fineract's POST /roles: a named role with no permissions; PUT /roles/{id}/permissions grants them, under
   * its containment rule (only codes the caller holds), so creating a role can promote no one.
   */
  async create(identity: Identity, input: RoleInput): Promise<Role> {
    const actor = requireStaff(identity, 'CREATE_ROLE');
    validateRole(input, true);
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, input));
  }

  async createCore(tx: Tx, _actor: Actor, input: RoleInput): Promise<Role> {
    const role = Object.assign(new Role(), {
      tenantId: tx.tenantId, id: await nextValue(tx, 'custom_role', FIRST_CUSTOM_ROLE_ID), name: input.name!.trim(), description: input.description!.trim(),
    });
    tx.em.persist(role);
    await this.flushNamed(tx, role.name);
    return role;
  }

  /** Fineract's PUT /roles/{id}: its name and description. */
  async update(identity: Identity, id: number, input: RoleInput): Promise<{ role: Role; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_ROLE');
    validateRole(input, false);
    return this.db.tx(actor.tenantId, async (tx) => {
      const role = await tx.em.findOne(Role, { id });
      if (!role) throw roleNotFound(id);
      const changes: Record<string, unknown> = {};
      if (input.name != null && input.name.trim() !== role.name) role.name = changes.name = input.name.trim();
      if (input.description != null && input.description.trim() !== role.description) role.description = changes.description = input.description.trim();
      if (Object.keys(changes).length > 0) await this.flushNamed(tx, role.name);
      return { role, changes };
    });
  }

  /** Role names are unique per tenant regardless of case (organisation.role_name). */
  private async flushNamed(tx: Tx, name: string): Promise<void> {
    try {
      await tx.em.flush();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(name);
      throw error;
    }
  }

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

  /** Every code the roles carry, disabled or not (what granting them could ever hand out). */
  async grantedCodes(tx: Tx, roleIds: number[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await tx.em.find(RolePermission, { roleId: { $in: roleIds } });
    return [...new Set(rows.map((r) => r.code))].sort();
  }

  /** Effective permission codes of a set of roles (disabled roles grant nothing). */
  async permissionCodes(tx: Tx, roleIds: number[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    return permissionCodesOf(tx, roleIds);
  }
}
