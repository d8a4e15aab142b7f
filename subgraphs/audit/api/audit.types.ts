import { Field, Int, ObjectType } from 'type-graphql';
import { connectionType } from '../../kernel/connection.type.js';

@ObjectType('AuditEntry', { description: 'One command in the audit trail (Fineract\'s audit entry): who did what to which record, when, and how it ended.' })
export class AuditEntryType {
  @Field(() => Int, { description: 'Identifier of the entry, unique within the tenant.' }) id!: number;
  @Field({ description: 'What was done, in Fineract\'s words (CREATE, DEPOSIT, APPROVE, LOGIN...).' }) actionName!: string;
  @Field({ description: 'What it was done to (CLIENT, SAVINGSACCOUNT, MAKERCHECKER, USER...).' }) entityName!: string;
  @Field({ description: 'The GraphQL mutation that ran (REST writes run one each).' }) operation!: string;
  @Field(() => Int, { nullable: true, description: 'Id of the record acted on (a create\'s new record), or null.' }) resourceId!: number | null;
  @Field(() => Int, { nullable: true, description: 'Id of the record under it (a transaction of an account), or null.' }) subresourceId!: number | null;
  @Field(() => Int, { nullable: true, description: 'The maker\'s office, or null for logins and customers\' acts.' }) officeId!: number | null;
  @Field(() => String, { nullable: true, description: 'Name of that office.' }) officeName!: string | null;
  @Field(() => Int, { nullable: true, description: 'User id of the maker (who asked), or null for anonymous acts.' }) makerId!: number | null;
  @Field(() => String, { nullable: true, description: 'Username of the maker.' }) maker!: string | null;
  @Field(() => Int, { nullable: true, description: 'User who issued the API key the maker acted with, when another user issued it.' }) makerKeyIssuerId!: number | null;
  @Field({ description: 'When the command was made (ISO 8601, UTC).' }) madeOnDate!: string;
  @Field(() => Int, { nullable: true, description: 'User id of the checker who approved or rejected it, or null.' }) checkerId!: number | null;
  @Field(() => String, { nullable: true, description: 'Username of the checker.' }) checker!: string | null;
  @Field(() => String, { nullable: true, description: 'When it was checked (ISO 8601, UTC), or null.' }) checkedOnDate!: string | null;
  @Field(() => Int, { description: 'How it ended: 1 processed, 2 awaiting approval, 3 rejected, 5 error (Fineract\'s ids).' }) processingResultId!: number;
  @Field({ description: 'That result\'s name (processed, awaiting.approval, rejected, error).' }) processingResult!: string;
  @Field(() => String, { nullable: true, description: 'The failure\'s globalisation code, for a command that failed.' }) errorCode!: string | null;
  @Field({ description: 'The request as JSON text, with passwords, tokens, secrets and keys replaced by ***.' }) commandAsJson!: string;
}

@ObjectType('AuditPage', { description: 'A page of audit entries, newest first.' })
export class AuditPageType {
  @Field(() => Int, { description: 'How many entries match the filters.' }) totalFilteredRecords!: number;
  @Field(() => [AuditEntryType], { description: 'The entries of this page.' }) pageItems!: AuditEntryType[];
}

@ObjectType('AuditUser', { description: 'A user who made or checked entries the reader may see.' })
export class AuditUserType {
  @Field(() => Int, { description: 'User id.' }) id!: number;
  @Field({ description: 'Username.' }) username!: string;
}

@ObjectType('AuditProcessingResult', { description: 'A processing result a search may filter on.' })
export class AuditProcessingResultType {
  @Field(() => Int, { description: 'Fineract\'s id.' }) id!: number;
  @Field({ description: 'Its name.' }) processingResult!: string;
}

@ObjectType('AuditSearchTemplate', { description: 'What an audit search may filter on (GET /audits/searchtemplate).' })
export class AuditSearchTemplateType {
  @Field(() => [AuditUserType], { description: 'Makers and checkers.' }) appUsers!: AuditUserType[];
  @Field(() => [String], { description: 'Action names in the trail.' }) actionNames!: string[];
  @Field(() => [String], { description: 'Entity names in the trail.' }) entityNames!: string[];
  @Field(() => [AuditProcessingResultType], { description: 'Processing results.' }) statuses!: AuditProcessingResultType[];
}

@ObjectType('AuditMismatch', { description: 'The first entry whose chain link does not hold.' })
export class AuditMismatchType {
  @Field(() => Int, { description: 'Id of the entry.' }) entryId!: number;
  @Field(() => Int, { description: 'Its position in the tenant\'s chain.' }) seq!: number;
  @Field({ description: 'What does not hold.' }) reason!: string;
  @Field(() => String, { nullable: true, description: 'The hash the chain stored for it.' }) storedHash!: string | null;
  @Field(() => String, { nullable: true, description: 'The hash its stored content gives now.' }) computedHash!: string | null;
}

@ObjectType('AuditVerification', { description: 'The hash chain recomputed over a range of days.' })
export class AuditVerificationType {
  @Field({ description: 'True when every linked entry of the range matches its chain hash.' }) verified!: boolean;
  @Field(() => Int, { description: 'How many entries were checked.' }) checkedEntries!: number;
  @Field(() => Int, { description: 'Entries of the range not linked yet (the chainer links them within seconds).' }) unchainedEntries!: number;
  @Field(() => String, { nullable: true, description: 'The chain hash of the last entry checked.' }) lastHash!: string | null;
  @Field(() => AuditMismatchType, { nullable: true, description: 'The first entry that does not match, or null.' }) firstMismatch!: AuditMismatchType | null;
}

export const AuditConnectionType = connectionType(AuditEntryType, 'Audit', 'audit entry');
