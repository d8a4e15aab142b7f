import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { ApprovalPolicyService } from './approval-policy.service.js';
import { DelinquencyService } from './delinquency.service.js';
import { DisbursementService } from './disbursement.service.js';
import { LoanApplicationService } from './loan-application.service.js';
import { loansForCob } from './loan-for-cob.js';
import { loansForGroups } from './loan-for-groups.js';
import { loansForCharges } from './loan-for-charges.js';
import { loansForSelf } from './loan-for-self.js';
import { LoanApprovalService } from './loan-approval.service.js';
import { LoanProductService } from './loan-product.service.js';
import { LoanQueryService } from './loan-query.service.js';
import type { LoanDependencies } from './loan.ports.js';
import { loanSeeder } from './loan.seed.js';
import { RepaymentService } from './repayment.service.js';
import { LoanServicingService } from './loan-servicing.service.js';
import { WriteOffService } from './write-off.service.js';
import { RescheduleService } from './reschedule.service.js';
import { WaiverApprovalService } from './waiver-approval.service.js';

/** The loan module's facade. */
export interface LoanServices {
  products: LoanProductService;
  applications: LoanApplicationService;
  /** Staff reads of loans: one loan, pages, the dashboard, the application template. */
  queries: LoanQueryService;
  policies: ApprovalPolicyService;
  approvals: LoanApprovalService;
  disbursements: DisbursementService;
  repayments: RepaymentService;
  /** After disbursement: payoff, foreclosure, write-off, recovery. */
  servicing: LoanServicingService;
  /** Write-off, its undo, recovery payments, and the undo of any last transaction. */
  writeOffs: WriteOffService;
  /** Reschedule requests, their four-eyes decision and the regenerated schedule. */
  reschedules: RescheduleService;
  /** Interest waivers above the tenant's ceiling: a second person approves or rejects them. */
  waiverApprovals: WaiverApprovalService;
  delinquency: DelinquencyService;
  /** What the self-service module reads loans through (wired in the composition root). */
  forSelf: ReturnType<typeof loansForSelf>;
  /** What the close-of-business run reaches loans through (wired in the composition root). */
  forCob: ReturnType<typeof loansForCob>;
  /** What the groups module's collection sheets reach loans through (wired in the composition root). */
  forGroups: ReturnType<typeof loansForGroups>;
  /** What the charges module reaches loans through, and where it registers its hook (wired in the composition root). */
  forCharges: ReturnType<typeof loansForCharges>;
  seedTenant: (tx: Tx) => Promise<void>;
}

export function createLoanServices(db: Database, deps: LoanDependencies): LoanServices {
  const products = new LoanProductService(db, deps.glCode);
  const policies = new ApprovalPolicyService(db);
  const delinquency = new DelinquencyService(db, deps);
  const applications = new LoanApplicationService(db, deps, products);
  const queries = new LoanQueryService(db, deps, products, policies, applications);
  const repayments = new RepaymentService(db, deps, applications, products);
  const servicing = new LoanServicingService(db, deps, applications, products, repayments);
  const writeOffs = new WriteOffService(db, deps, applications, products, repayments);
  return {
    products,
    applications,
    queries,
    policies,
    approvals: new LoanApprovalService(db, deps, applications, policies),
    disbursements: new DisbursementService(db, deps, applications),
    repayments,
    servicing,
    writeOffs,
    reschedules: new RescheduleService(db, deps, applications, products),
    waiverApprovals: new WaiverApprovalService(db, deps, applications, writeOffs),
    delinquency,
    forSelf: loansForSelf(applications, queries, products, servicing),
    forCob: loansForCob(delinquency),
    forGroups: loansForGroups(repayments),
    forCharges: loansForCharges(applications, products),
    seedTenant: loanSeeder(products, policies, delinquency),
  };
}
