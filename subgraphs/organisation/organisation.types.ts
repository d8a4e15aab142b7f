import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { LocalDateScalar } from '../kernel/scalars.js';

@Directive('@key(fields: "id")')
@ObjectType('Office', { description: 'A branch or the head office. hierarchy is "." for the head office, ".2." for its child.' })
export class OfficeType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field({ description: 'The name indented with "...." per level, as Fineract shows it.' }) nameDecorated!: string;
  @Field(() => String, { nullable: true }) externalId!: string | null;
  @Field(() => LocalDateScalar) openingDate!: string;
  @Field() hierarchy!: string;
  @Field(() => Int, { nullable: true }) parentId!: number | null;
  @Field(() => String, { nullable: true }) parentName?: string | null;
}

@ObjectType()
export class OfficeChangePayload {
  @Field(() => OfficeType) office!: OfficeType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

/** Input fields are nullable in GraphQL on purpose: the service validates them and answers Fineract's codes. */
@InputType()
export class CreateOfficeInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => Int, { nullable: true }) parentId?: number | null;
  @Field(() => LocalDateScalar, { nullable: true }) openingDate?: string | null;
  @Field(() => String, { nullable: true }) externalId?: string | null;
}

@InputType()
export class UpdateOfficeInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => Int, { nullable: true }) parentId?: number | null;
  @Field(() => LocalDateScalar, { nullable: true }) openingDate?: string | null;
  @Field(() => String, { nullable: true }) externalId?: string | null;
}

@Directive('@key(fields: "id")')
@ObjectType('Staff')
export class StaffType {
  @Field(() => Int) id!: number;
  @Field(() => Int) officeId!: number;
  @Field(() => String, { nullable: true }) officeName?: string | null;
  @Field() firstname!: string;
  @Field() lastname!: string;
  @Field() displayName!: string;
  @Field() isLoanOfficer!: boolean;
  @Field() isActive!: boolean;
  @Field(() => String, { nullable: true }) mobileNo!: string | null;
  @Field(() => String, { nullable: true }) externalId!: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) joiningDate!: string | null;
}

@ObjectType()
export class StaffChangePayload {
  @Field(() => StaffType) staff!: StaffType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@InputType()
export class StaffInput {
  @Field(() => Int, { nullable: true }) officeId?: number | null;
  @Field(() => String, { nullable: true }) firstname?: string | null;
  @Field(() => String, { nullable: true }) lastname?: string | null;
  @Field(() => Boolean, { nullable: true }) isLoanOfficer?: boolean | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean | null;
  @Field(() => String, { nullable: true }) mobileNo?: string | null;
  @Field(() => String, { nullable: true }) externalId?: string | null;
  @Field(() => LocalDateScalar, { nullable: true }) joiningDate?: string | null;
}

@Directive('@key(fields: "id")')
@ObjectType('Role')
export class RoleType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() disabled!: boolean;
}

@ObjectType()
export class PermissionUsage {
  @Field() grouping!: string;
  @Field() code!: string;
  @Field() entityName!: string;
  @Field() actionName!: string;
  @Field() selected!: boolean;
}

@ObjectType('RolePermissions')
export class RolePermissionsType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => [PermissionUsage]) permissionUsageData!: PermissionUsage[];
}

@Directive('@key(fields: "id")')
@ObjectType('User')
export class UserType {
  @Field(() => Int) id!: number;
  @Field() username!: string;
  @Field() firstname!: string;
  @Field() lastname!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => Int) officeId!: number;
  @Field(() => String, { nullable: true }) officeName?: string | null;
  @Field(() => Int, { nullable: true }) staffId!: number | null;
  @Field() passwordNeverExpires!: boolean;
  @Field() isSelfServiceUser!: boolean;
  @Field(() => [Int]) roleIds!: number[];
}

@ObjectType()
export class RolePermissionsChangePayload {
  @Field(() => Int) roleId!: number;
  @Field(() => GraphQLJSONObject, { description: 'Codes whose grant changed: true granted, false revoked.' }) changes!: Record<string, boolean>;
}

@ObjectType()
export class UserChangePayload {
  @Field(() => UserType) user!: UserType;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@InputType()
export class UserInput {
  @Field(() => String, { nullable: true }) username?: string | null;
  @Field(() => String, { nullable: true }) firstname?: string | null;
  @Field(() => String, { nullable: true }) lastname?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => Int, { nullable: true }) officeId?: number | null;
  @Field(() => Int, { nullable: true }) staffId?: number | null;
  @Field(() => [Int], { nullable: true }) roles?: number[] | null;
  @Field(() => String, { nullable: true }) password?: string | null;
  @Field(() => String, { nullable: true }) repeatPassword?: string | null;
  @Field(() => Boolean, { nullable: true }) passwordNeverExpires?: boolean | null;
  @Field(() => Boolean, { nullable: true }) sendPasswordToEmail?: boolean | null;
}

@ObjectType('PaymentType')
export class PaymentTypeType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() isCashPayment!: boolean;
  @Field(() => Int) position!: number;
}

@ObjectType()
export class RoleSummary {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() disabled!: boolean;
}

@ObjectType({ description: 'Fineract login response.' })
export class LoginPayload {
  @Field() username!: string;
  @Field(() => Int) userId!: number;
  @Field() base64EncodedAuthenticationKey!: string;
  @Field() authenticated!: boolean;
  @Field(() => Int) officeId!: number;
  @Field() officeName!: string;
  @Field(() => Int, { nullable: true }) staffId!: number | null;
  @Field(() => String, { nullable: true }) staffDisplayName!: string | null;
  @Field(() => [RoleSummary]) roles!: RoleSummary[];
  @Field(() => [String]) permissions!: string[];
  @Field() shouldRenewPassword!: boolean;
  @Field() isTwoFactorAuthenticationRequired!: boolean;
  @Field(() => [Int], { nullable: true, description: 'Self-service logins: the clients this user acts for.' }) clients?: number[] | null;
}
