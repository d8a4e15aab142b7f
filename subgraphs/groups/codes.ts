import type { AccountCodes } from '../account/contract.js';
import type { CustomerCodes } from '../customer/contract.js';
import type { LoanCodes } from '../loan/contract.js';
import type { OrganisationCodes } from '../organisation/contract.js';

/** The groups module's globalisation codes (Fineract's GroupsApiResource and CentersApiResource). */
export const GROUPS_CODES = {
  groupNotFound: 'error.msg.group.id.invalid',
  centerNotFound: 'error.msg.center.id.invalid',
  duplicateName: 'error.msg.group.duplicate.name',
  duplicateExternalId: 'error.msg.group.duplicate.externalId',
  alreadyActive: 'error.msg.group.already.active',
  notActive: 'error.msg.group.not.active.exception',
  centerNotActive: 'error.msg.center.not.active.exception',
  cannotBeDeleted: 'error.msg.group.cannot.be.deleted',
  clientAlreadyMember: 'error.msg.group.client.exist.in.group',
  clientNotMember: 'error.msg.group.client.not.in.group',
  clientNotInGroupOffice: 'error.msg.group.client.not.in.group.office',
  clientNotActive: 'error.msg.group.client.not.active',
  groupAlreadyInCenter: 'error.msg.group.already.associated.with.center',
  groupNotInCenter: 'error.msg.group.not.in.center',
  groupNotInCenterOffice: 'error.msg.group.not.in.center.office',
  groupHasOwnMeeting: 'error.msg.center.associating.group.not.allowed.with.meeting.attached.to.group',
  hasNoStaff: 'error.msg.group.has.no.staff',
  staffNotInOfficeHierarchy: 'error.msg.group.staff.not.in.office.hierarchy',
  staffInactive: 'error.msg.group.staff.inactive',
  activationDateInFuture: 'error.msg.group.activationDate.in.the.future',
  submittedOnDateInFuture: 'error.msg.group.submittedOnDate.in.the.future',
  submittedOnDateAfterActivationDate: 'error.msg.group.submittedOnDate.after.activation.date',
  activationDateBeforeOfficeOpening: 'error.msg.group.activationDate.cannot.be.before.office.activation.date',
  closeWithActiveMembers: 'error.msg.group.close.active.client.members.exist',
  closeWithActiveGroups: 'error.msg.center.close.active.groups.exist',
  officeIdInvalid: 'error.msg.office.id.invalid' satisfies OrganisationCodes['officeIdInvalid'],
  staffIdInvalid: 'error.msg.staff.id.invalid' satisfies OrganisationCodes['staffIdInvalid'],
  clientIdInvalid: 'error.msg.client.id.invalid' satisfies CustomerCodes['clientIdInvalid'],
} as const;

/** Meetings' codes (Fineract's CalendarsApiResource). */
export const CALENDAR_CODES = {
  notFound: 'error.msg.calendar.id.invalid',
  alreadyAttached: 'error.msg.calendar.duplicate.collection.calendar',
  groupFollowsCenter: 'error.msg.calendar.group.in.center',
  notRepeating: 'error.msg.calendar.not.repeating',
} as const;

/** Collection sheets' codes (Fineract's CollectionSheetConstants and the loan and savings ids they name). */
export const COLLECTION_SHEET_CODES = {
  notMeetingDate: 'error.msg.meeting.not.valid.recurring.date',
  loanIdInvalid: 'error.msg.loan.id.invalid' satisfies LoanCodes['loanIdInvalid'],
  savingsIdInvalid: 'error.msg.saving.account.id.invalid' satisfies AccountCodes['savingAccountIdInvalid'],
} as const;
