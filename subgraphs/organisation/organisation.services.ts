import type { Database } from '../platform/database.js';
import { ApiKeyService } from './api-key.service.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import type { LoginFailureCounts } from './store/login-failures.store.js';
import { BusinessDateService } from './business-date.service.js';
import { seedCodes } from './code.seed.js';
import { CodeService } from './code.service.js';
import { OfficeService } from './office.service.js';
import { PaymentTypeService } from './payment-type.service.js';
import { RoleService } from './role.service.js';
import { ScopeService } from './scope.service.js';
import { SettingsService } from './settings.service.js';
import { StaffService } from './staff.service.js';
import { TenantService } from './tenant.service.js';
import { UserService } from './user.service.js';

/** The organisation module's facade: every other module and the edge reach organisation data only through it. */
export interface OrganisationServices {
  tenants: TenantService;
  offices: OfficeService;
  staff: StaffService;
  roles: RoleService;
  users: UserService;
  /** API keys of staff users (/users/{id}/apikeys); the edge resolves them through `auth`. */
  apiKeys: ApiKeyService;
  auth: AuthService;
  paymentTypes: PaymentTypeService;
  /** Tenant settings (/configurations); other modules read them through the kernel's TenantSettings port. */
  settings: SettingsService;
  /** The tenant's business date (/businessdate); the kernel's BusinessDates port. */
  businessDates: BusinessDateService;
  /** Data scope for every module; the kernel's Scope port. */
  scope: ScopeService;
  codes: CodeService;
}

export function createOrganisationServices(db: Database, options: { sessionTtlSeconds: number; loginFailures: LoginFailureCounts }): OrganisationServices {
  const offices = new OfficeService(db);
  // The role service tells the auth service's cache to forget, and the auth service reads roles: the
  // callback refers to `auth` only when called, after both exist.
  const roles = new RoleService(db, (tenantId) => auth.forgetTenant(tenantId));
  const auth = new AuthService(db, roles, options.sessionTtlSeconds, new LoginThrottle(options.loginFailures));
  const settings = new SettingsService(db);
  const tenants = new TenantService(db);
  // Every tenant (new or existing) gets the system codes (client reasons, gender, types...).
  tenants.addSeeder(seedCodes);
  const forgetUser = (tenantId: string, userId: number) => auth.forgetUser(tenantId, userId);
  const users = new UserService(db, offices, roles, forgetUser, (identity, password) => auth.verifyOwnPassword(identity, password));
  return {
    tenants,
    offices,
    staff: new StaffService(db, offices),
    roles,
    users,
    apiKeys: new ApiKeyService(db, users, forgetUser),
    auth,
    paymentTypes: new PaymentTypeService(db),
    settings,
    businessDates: new BusinessDateService(db, settings),
    scope: new ScopeService(),
    codes: new CodeService(db),
  };
}
