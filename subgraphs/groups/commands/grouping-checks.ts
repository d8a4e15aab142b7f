import type { Tx } from '../../kernel/tx.js';
import { errors } from '../../kernel/errors.js';
import type { Actor } from '../../kernel/identity.js';
import { GROUPS_CODES } from '../codes.js';
import { LEVEL, type Level } from '../domain/grouping.js';
import type { GroupOffice, GroupsDependencies } from '../ports.js';
import * as store from '../store/grouping.store.js';

/** Members one request may name (clientMembers, groupMembers): a group is a handful of people, a center a few groups. */
export const MAX_MEMBERS_PER_REQUEST = 100;

/** What a grouping command answers: Fineract's {officeId, groupId, resourceId, changes}. */
export interface GroupingResult {
  id: number;
  officeId: number;
  changes: Record<string, unknown>;
}

/** Fineract's permission entity of each level. */
export const ENTITY: Record<Level, string> = { [LEVEL.center]: 'CENTER', [LEVEL.group]: 'GROUP' };

/** Fineract's validation resource of each level. */
export const RESOURCE: Record<Level, string> = { [LEVEL.center]: 'center', [LEVEL.group]: 'group' };

export const notFound = (level: Level, id: number) =>
  level === LEVEL.center
    ? errors.notFound(GROUPS_CODES.centerNotFound, `Center with identifier ${id} does not exist`, id)
    : errors.notFound(GROUPS_CODES.groupNotFound, `Group with identifier ${id} does not exist`, id);

/** The grouping when the caller sees its office (404 otherwise, also for other tenants' ids); `lock` for commands. */
export async function visibleGrouping(
  tx: Tx, deps: Pick<GroupsDependencies, 'officeInScope'>, actor: Actor, level: Level, id: number, lock = false,
): Promise<{ row: store.GroupingRow; office: GroupOffice }> {
  const row = await store.findGrouping(tx, level, id, lock);
  const office = row && (await deps.officeInScope(tx, actor, row.officeId));
  if (!row || !office) throw notFound(level, id);
  return { row, office };
}
