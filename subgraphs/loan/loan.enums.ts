import { registerEnumType } from 'type-graphql';
import { byId } from '../kernel/loan-term-enums.js';
import { STATUS_ACTIVE, STATUS_APPROVED, STATUS_CLOSED, STATUS_REJECTED, STATUS_SUBMITTED, STATUS_WITHDRAWN, STATUS_WRITTEN_OFF } from './store/loans.js';

/**
 * The loan module's closed sets as GraphQL enums, for clients generated from the schema. They sit beside
 * Fineract's `{id, code, value}` objects (which REST and existing clients read) and are derived from the
 * same ids, so the two never disagree.
 */
export enum LoanStatusEnum {
  SUBMITTED_AND_PENDING_APPROVAL = 'SUBMITTED_AND_PENDING_APPROVAL',
  APPROVED = 'APPROVED',
  ACTIVE = 'ACTIVE',
  WITHDRAWN_BY_CLIENT = 'WITHDRAWN_BY_CLIENT',
  REJECTED = 'REJECTED',
  CLOSED_OBLIGATIONS_MET = 'CLOSED_OBLIGATIONS_MET',
  CLOSED_WRITTEN_OFF = 'CLOSED_WRITTEN_OFF',
}
registerEnumType(LoanStatusEnum, {
  name: 'LoanStatusEnum',
  description: "A loan's lifecycle status (Fineract's loanStatusType; `status.id` in brackets).",
  valuesConfig: {
    SUBMITTED_AND_PENDING_APPROVAL: { description: 'Applied for, waiting for approval (100).' },
    APPROVED: { description: 'Approved, not yet disbursed (200).' },
    ACTIVE: { description: 'Disbursed and being repaid (300).' },
    WITHDRAWN_BY_CLIENT: { description: 'The applicant withdrew the application (400).' },
    REJECTED: { description: 'The application was rejected (500).' },
    CLOSED_OBLIGATIONS_MET: { description: 'Fully repaid and closed (600).' },
    CLOSED_WRITTEN_OFF: { description: 'Written off as a loss and closed (601); recovery payments are still accepted.' },
  },
});
const STATUS_BY_ID: Record<number, LoanStatusEnum> = {
  [STATUS_SUBMITTED]: LoanStatusEnum.SUBMITTED_AND_PENDING_APPROVAL,
  [STATUS_APPROVED]: LoanStatusEnum.APPROVED,
  [STATUS_ACTIVE]: LoanStatusEnum.ACTIVE,
  [STATUS_WITHDRAWN]: LoanStatusEnum.WITHDRAWN_BY_CLIENT,
  [STATUS_REJECTED]: LoanStatusEnum.REJECTED,
  [STATUS_CLOSED]: LoanStatusEnum.CLOSED_OBLIGATIONS_MET,
  [STATUS_WRITTEN_OFF]: LoanStatusEnum.CLOSED_WRITTEN_OFF,
};

export const loanStatusEnum = (id: number) => byId(STATUS_BY_ID, 'loan status', id);
export const loanStatusId = (status: LoanStatusEnum): number => Number(Object.entries(STATUS_BY_ID).find(([, value]) => value === status)![0]);

// The loan terms' enums are shared values (the self subgraph takes them too): kernel/loan-term-enums.ts.
export {
  AmortizationTypeEnum, amortizationTypeEnum, InterestTypeEnum, interestTypeEnum, RepaymentFrequencyTypeEnum, repaymentFrequencyTypeEnum, withChoiceIds, type LoanTermChoices,
} from '../kernel/loan-term-enums.js';
