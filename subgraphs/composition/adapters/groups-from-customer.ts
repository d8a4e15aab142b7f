import type { CustomerServices } from '../../customer/customer.services.js';
import type { GroupsDependencies } from '../../groups/ports.js';
import type { GroupsServices } from '../../groups/groups.services.js';

/** Members: a client the caller sees when it joins, the members by id when a group is read. */
export function groupsFromCustomer(customer: CustomerServices): Pick<GroupsDependencies, 'client' | 'clientsByIds'> {
  return {
    client: (tx, staff, clientId) => customer.clients.forGroups(tx, staff, clientId),
    clientsByIds: (tx, ids) => customer.clients.membersByIds(tx, ids),
  };
}

/** A client's view lists its groups (Fineract's `groups` of GET /clients/{id}). */
export function registerGroupsWithCustomer(groups: GroupsServices, customer: CustomerServices): void {
  customer.clients.setGroupsReader((tx, clientId) => groups.queries.groupsOfClient(tx, clientId));
}
