import { GraphQLJSONObject } from 'graphql-scalars';
import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { LocalDateScalar } from '../kernel/scalars.js';

@Directive('@key(fields: "id")')
@ObjectType('Office', { description: 'A branch or the head office. hierarchy is "." for the head office, ".2." for its child.' })
export class OfficeType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field({ description: 'The name indented with "...." per level, as Fineract shows it.' }) nameDecorated!: string;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the office opened (YYYY-MM-DD).' }) openingDate!: string;
  @Field({ description: 'Path of office ids from the head office, e.g. ".1.4."; a prefix match finds sub-offices.' }) hierarchy!: string;
  @Field(() => Int, { description: 'Id of the parent record, or null at the top of the tree.', nullable: true }) parentId!: number | null;
  @Field(() => String, { description: 'Name of the parent record, or null.', nullable: true }) parentName?: string | null;
}

@ObjectType({ description: 'The office after an update, and what changed.' })
export class OfficeChangePayload {
  @Field(() => OfficeType, { description: 'The office after the command.' }) office!: OfficeType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

/** Input fields are nullable in GraphQL on purpose: the service validates them and answers Fineract's codes. */
@InputType({ description: 'A new office (branch) under a parent office.' })
export class CreateOfficeInput {
  @Field(() => String, { description: 'Display name.' }) name!: string;
  @Field(() => Int, { description: 'Id of the parent record, or null at the top of the tree.' }) parentId!: number;
  @Field(() => LocalDateScalar, { description: 'Day the office opened (YYYY-MM-DD).', nullable: true }) openingDate?: string | null;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId?: string | null;
}

@InputType({ description: 'Changes to an office; omitted fields stay as they are.' })
export class UpdateOfficeInput {
  @Field(() => String, { description: 'Display name.', nullable: true }) name?: string | null;
  @Field(() => Int, { description: 'Id of the parent record, or null at the top of the tree.', nullable: true }) parentId?: number | null;
  @Field(() => LocalDateScalar, { description: 'Day the office opened (YYYY-MM-DD).', nullable: true }) openingDate?: string | null;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId?: string | null;
}

@Directive('@key(fields: "id")')
@ObjectType('Staff', { description: 'A staff member of an office (loan officers included); not necessarily a user who can log in.' })
export class StaffType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true }) officeName?: string | null;
  @Field({ description: 'First (given) name of a person.' }) firstname!: string;
  @Field({ description: 'Last (family) name of a person.' }) lastname!: string;
  @Field({ description: 'Name to display: the person\'s names joined, or the entity\'s full name.' }) displayName!: string;
  @Field({ description: 'True when the staff member may manage loans.' }) isLoanOfficer!: boolean;
  @Field({ description: 'True when the record is in use.' }) isActive!: boolean;
  @Field(() => String, { description: 'Mobile phone number in international or local format, or null.', nullable: true }) mobileNo!: string | null;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId!: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the staff member joined (YYYY-MM-DD), or null.', nullable: true }) joiningDate!: string | null;
}

@ObjectType({ description: 'The staff member after an update, and what changed.' })
export class StaffChangePayload {
  @Field(() => StaffType, { description: 'The staff member after the command.' }) staff!: StaffType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@InputType({ description: 'Fields of a staff member to change, as Fineract\'s PUT /staff/{id} body: any subset.' })
export class UpdateStaffInput {
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.', nullable: true }) officeId?: number | null;
  @Field(() => String, { description: 'First (given) name of a person.', nullable: true }) firstname?: string | null;
  @Field(() => String, { description: 'Last (family) name of a person.', nullable: true }) lastname?: string | null;
  @Field(() => Boolean, { description: 'True when the staff member may manage loans.', nullable: true }) isLoanOfficer?: boolean | null;
  @Field(() => Boolean, { description: 'True when the record is in use.', nullable: true }) isActive?: boolean | null;
  @Field(() => String, { description: 'Mobile phone number in international or local format, or null.', nullable: true }) mobileNo?: string | null;
  @Field(() => String, { description: 'Caller-supplied reference, unique per tenant; null when none was given.', nullable: true }) externalId?: string | null;
  @Field(() => LocalDateScalar, { description: 'Day the staff member joined (YYYY-MM-DD), or null.', nullable: true }) joiningDate?: string | null;
}

/** The update's fields, with the ones the service's create validator always requires non-null. */
@InputType({ description: 'A new staff member, as Fineract\'s POST /staff body.' })
export class CreateStaffInput extends UpdateStaffInput {
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) override officeId!: number;
  @Field(() => String, { description: 'First (given) name of a person.' }) override firstname!: string;
  @Field(() => String, { description: 'Last (family) name of a person.' }) override lastname!: string;
}

@Directive('@key(fields: "id")')
@ObjectType('Role', { description: 'A role: a named set of permissions granted to users.' })
export class RoleType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field({ description: 'True when the record may no longer be used for new postings or logins.' }) disabled!: boolean;
}

@InputType({ description: "A role, as Fineract's POST /roles body (PUT /roles/{id}: either field)." })
export class RoleInput {
  @Field(() => String, { description: 'Display name, unique in the tenant.', nullable: true }) name?: string | null;
  @Field(() => String, { description: 'What the role is for.', nullable: true }) description?: string | null;
}

@ObjectType({ description: 'A role after a change, with the fields that changed.' })
export class RoleChangePayload {
  @Field(() => RoleType, { description: 'The role after the command.' }) role!: RoleType;
  @Field(() => GraphQLJSONObject, { description: "The fields this command changed, by name, with their new values (Fineract's `changes` object)." }) changes!: Record<string, unknown>;
}

@ObjectType({ description: 'One permission and whether the role has it.' })
export class PermissionUsage {
  @Field({ description: 'Group the permission is listed under, e.g. "portfolio".' }) grouping!: string;
  @Field({ description: 'Stable machine-readable code (use this, not `value`, in client logic).' }) code!: string;
  @Field({ description: 'Kind of record the event or permission concerns, e.g. "CLIENT" or "SAVINGSACCOUNT".' }) entityName!: string;
  @Field({ description: 'Action on the entity, e.g. "CREATE", "APPROVE", "DEPOSIT".' }) actionName!: string;
  @Field({ description: 'True when the role has the permission.' }) selected!: boolean;
}

@ObjectType('RolePermissions', { description: 'A role and its permissions, each marked selected or not.' })
export class RolePermissionsType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field(() => [PermissionUsage], { description: 'Every permission, marked selected when the role has it.' }) permissionUsageData!: PermissionUsage[];
}

@Directive('@key(fields: "id")')
@ObjectType('User', { description: 'A staff login (user) and its roles.' })
export class UserType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Login name (unique per tenant).' }) username!: string;
  @Field({ description: 'First (given) name of a person.' }) firstname!: string;
  @Field({ description: 'Last (family) name of a person.' }) lastname!: string;
  @Field(() => String, { description: 'E-mail address, or null.', nullable: true }) email!: string | null;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field(() => String, { description: 'Name of the office (branch) the record belongs to.', nullable: true }) officeName?: string | null;
  @Field(() => Int, { description: 'Id of the staff member concerned, or null.', nullable: true }) staffId!: number | null;
  @Field({ description: 'True when the password is exempt from expiry.' }) passwordNeverExpires!: boolean;
  @Field({ description: 'True for a customer\'s self-service login.' }) isSelfServiceUser!: boolean;
  @Field(() => [Int], { description: 'Ids of the roles granted to the user.' }) roleIds!: number[];
}

@ObjectType({ description: 'The role\'s permissions after an update, and what changed.' })
export class RolePermissionsChangePayload {
  @Field(() => Int, { description: 'Id of the role.' }) roleId!: number;
  @Field(() => GraphQLJSONObject, { description: 'Codes whose grant changed: true granted, false revoked.' }) changes!: Record<string, boolean>;
}

@ObjectType({ description: 'The user after an update, and what changed.' })
export class UserChangePayload {
  @Field(() => UserType, { description: 'The user after the command.' }) user!: UserType;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@InputType({ description: 'Fields of a user to change, as Fineract\'s PUT /users/{id} body: any subset.' })
export class UpdateUserInput {
  @Field(() => String, { description: 'Login name (unique per tenant).', nullable: true }) username?: string | null;
  @Field(() => String, { description: 'First (given) name of a person.', nullable: true }) firstname?: string | null;
  @Field(() => String, { description: 'Last (family) name of a person.', nullable: true }) lastname?: string | null;
  @Field(() => String, { description: 'E-mail address, or null.', nullable: true }) email?: string | null;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.', nullable: true }) officeId?: number | null;
  @Field(() => Int, { description: 'Id of the staff member concerned, or null.', nullable: true }) staffId?: number | null;
  @Field(() => [Int], { description: 'Roles granted, each giving a set of permissions.', nullable: true }) roles?: number[] | null;
  @Field(() => String, { description: 'Password in clear text over HTTPS; never returned.', nullable: true }) password?: string | null;
  @Field(() => String, { description: 'The same password again; it must match password.', nullable: true }) repeatPassword?: string | null;
  @Field(() => Boolean, { description: 'True when the password is exempt from expiry.', nullable: true }) passwordNeverExpires?: boolean | null;
  @Field(() => Boolean, { description: 'True to e-mail a generated password instead of setting one.', nullable: true }) sendPasswordToEmail?: boolean | null;
  @Field(() => String, {
    description: 'The caller\'s current password: required when users change their own password (400 when missing, 401 `error.msg.not.authenticated` when wrong, counted by the login throttle); ignored otherwise.',
    nullable: true,
  })
  currentPassword?: string | null;
}

/** The update's fields, with the ones the service's create validator always requires non-null. */
@InputType({ description: 'A new user, as Fineract\'s POST /users body.' })
export class CreateUserInput extends UpdateUserInput {
  @Field(() => String, { description: 'Login name (unique per tenant).' }) override username!: string;
  @Field(() => String, { description: 'First (given) name of a person.' }) override firstname!: string;
  @Field(() => String, { description: 'Last (family) name of a person.' }) override lastname!: string;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) override officeId!: number;
  @Field(() => [Int], { description: 'Roles granted (at least one), each giving a set of permissions.' }) override roles!: number[];
  @Field(() => String, { description: 'Password in clear text over HTTPS; never returned.' }) override password!: string;
}

@ObjectType('PaymentType', { description: 'A payment type (cash, transfer, cheque, ...) tellers and transactions use.' })
export class PaymentTypeType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field({ description: 'True when the payment is in cash (moves teller cash).' }) isCashPayment!: boolean;
  @Field(() => Int, { description: 'Sort position in lists (ascending).' }) position!: number;
}

@ObjectType({ description: 'A role as listed on a user.' })
export class RoleSummary {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'Free-text description, or null when none was given.', nullable: true }) description!: string | null;
  @Field({ description: 'True when the record may no longer be used for new postings or logins.' }) disabled!: boolean;
}

@ObjectType({ description: 'Fineract login response.' })
export class LoginPayload {
  @Field({ description: 'Login name (unique per tenant).' }) username!: string;
  @Field(() => Int, { description: 'Id of the user (login) concerned.' }) userId!: number;
  @Field({ description: 'Base64 of "username:password", to send as HTTP Basic credentials.' }) base64EncodedAuthenticationKey!: string;
  @Field({ description: 'True when the credentials were accepted.' }) authenticated!: boolean;
  @Field(() => Int, { description: 'Id of the office (branch) the record belongs to; it decides which staff can see it.' }) officeId!: number;
  @Field({ description: 'Name of the office (branch) the record belongs to.' }) officeName!: string;
  @Field(() => Int, { description: 'Id of the staff member concerned, or null.', nullable: true }) staffId!: number | null;
  @Field(() => String, { description: 'Display name of the staff member linked to the user, or null.', nullable: true }) staffDisplayName!: string | null;
  @Field(() => [RoleSummary], { description: 'Roles granted, each giving a set of permissions.' }) roles!: RoleSummary[];
  @Field(() => [String], { description: 'Permissions, each allowing one action on one entity.' }) permissions!: string[];
  @Field({ description: 'True when the user must change their password at next login.' }) shouldRenewPassword!: boolean;
  @Field({ description: 'Always false: this service asks for no second factor.' }) isTwoFactorAuthenticationRequired!: boolean;
  @Field(() => [Int], { nullable: true, description: 'Self-service logins: the clients this user acts for.' }) clients?: number[] | null;
}
