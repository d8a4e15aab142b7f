import type { OrganisationServices } from '../../organisation/organisation.services.js';
import type { SelfDependencies } from '../../self/self.ports.js';

/** Settings and dates, the branch a registration lands in, customer logins and their passwords. */
export function selfFromOrganisation(organisation: OrganisationServices): Pick<SelfDependencies, 'settings' | 'businessDates' | 'organisation'> {
  return {
    settings: organisation.settings,
    businessDates: organisation.businessDates,
    organisation: {
      office: async (tx, id) => organisation.offices.find(tx, id),
      branchNamed: async (tx, name) => organisation.offices.findChildNamed(tx, 1, name),
      createBranch: async (tx, actor, name) => organisation.offices.createCore(tx, actor, { name, parentId: 1, openingDate: await organisation.offices.openingDate(tx, 1) }),
      recordSetting: (tx, name, value, by) => organisation.settings.recordValue(tx, name, value, by),
      preparePassword: (password, repeatPassword) => organisation.users.preparePassword(password, repeatPassword ?? password),
      prepareOwnPassword: (customer, input) => organisation.users.prepareOwnPassword(customer, input),
      disableCustomerLogins: (tx, clientId, by) => organisation.users.disableCustomerLoginsCore(tx, clientId, by),
      enableCustomerLogins: (tx, clientId, by) => organisation.users.enableCustomerLoginsCore(tx, clientId, by),
      resetCustomerPassword: (tx, clientId, hash, by) => organisation.users.resetCustomerPasswordCore(tx, clientId, hash, by),
      changePassword: (tx, userId, passwordHash) => organisation.users.changeCustomerPasswordCore(tx, userId, passwordHash),
      usernameTaken: (tx, username) => organisation.users.usernameTaken(tx, username),
      createCustomerUser: async (tx, actor, user) => {
        const created = await organisation.users.createCustomerCore(tx, actor, user);
        return created && { userId: created.id };
      },
      login: async (tenantId, username, password, address) => {
        const result = await organisation.auth.login(tenantId, username, password, 'self', address);
        return {
          key: result.key, userId: result.user.id, username: result.user.username, officeId: result.user.officeId, officeName: result.officeName,
          roles: result.roles.map((r) => ({ id: r.id, name: r.name, description: r.description, disabled: r.disabled })),
          shouldRenewPassword: result.shouldRenewPassword, clientIds: result.identity.kind === 'customer' ? result.identity.clientIds : [],
        };
      },
      logout: (identity) => organisation.auth.logout(identity),
    },
  };
}
