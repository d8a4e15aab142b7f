import type { FixedRoute, Route } from '../route.js';
import { accountRoutes } from './account.routes.js';
import { chargeRoutes } from './charges.routes.js';
import { loanChargeRoutes } from './loan-charges.routes.js';
import { clientChargeRoutes } from './client-charges.routes.js';
import { auditRoutes } from './audit.routes.js';
import { codeRoutes } from './codes.routes.js';
import { cobRoutes } from './cob.routes.js';
import { customerRoutes } from './customer.routes.js';
import { groupRoutes } from './groups.routes.js';
import { unofferedFeatureRoutes } from './unoffered.routes.js';
import { hookRoutes } from './hook.routes.js';
import { ledgerRoutes } from './ledger.routes.js';
import { loanRoutes } from './loan.routes.js';
import { organisationRoutes } from './organisation.routes.js';
import { paymentsRoutes } from './payments.routes.js';
import { portfolioReportRoutes } from './portfolio-report.routes.js';
import { statementRoutes } from './statement.routes.js';
import { reportRoutes } from './report.routes.js';
import { searchRoutes } from './search.routes.js';
import { savingsInterestRoutes } from './savings-interest.routes.js';
import { selfRoutes } from './self.routes.js';
import { selfAppsRoutes } from './self-apps.routes.js';
import { taxRoutes } from './taxes.routes.js';
import { tillRoutes } from './till.routes.js';

/** Every documented /v1 path, by module. */
export const ROUTES: Route[] = [
  ...loanChargeRoutes, ...clientChargeRoutes,
  ...organisationRoutes, ...customerRoutes, ...paymentsRoutes, ...portfolioReportRoutes, ...statementRoutes, ...reportRoutes, ...ledgerRoutes, ...tillRoutes, ...codeRoutes, ...accountRoutes, ...cobRoutes, ...loanRoutes, ...hookRoutes,
  ...searchRoutes, ...selfRoutes, ...chargeRoutes, ...auditRoutes, ...selfAppsRoutes, ...groupRoutes, ...savingsInterestRoutes, ...taxRoutes,
];

/** Paths of Fineract features this service does not offer, answered empty as Fineract answers them when unused. */
export const FIXED_ROUTES: FixedRoute[] = unofferedFeatureRoutes;
