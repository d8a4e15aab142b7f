import type { Database } from '../kernel/database.js';
import { AuthService } from './auth.service.js';
import { seedCodes } from './code.seed.js';
import { CodeService } from './code.service.js';
import { OfficeService } from './office.service.js';
import { PaymentTypeService } from './payment-type.service.js';
import { RoleService } from './role.service.js';
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
  auth: AuthService;
  paymentTypes: PaymentTypeService;
  codes: CodeService;
}

export function createOrganisationServices(db: Database, options: { sessionTtlSeconds: number }): OrganisationServices {
  const offices = new OfficeService(db);
  const roles = new RoleService(db);
  const tenants = new TenantService(db);
  // Every tenant (new or existing) gets the system codes (client reasons, gender, types...).
  tenants.addSeeder(seedCodes);
  return {
    tenants,
    offices,
    staff: new StaffService(db, offices),
    roles,
    users: new UserService(db, offices, roles),
    auth: new AuthService(db, roles, options.sessionTtlSeconds),
    paymentTypes: new PaymentTypeService(db),
    codes: new CodeService(db),
  };
}
