import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { LocalDateScalar } from '../kernel/scalars.js';
import type { RequestContext } from '../platform/request-context.js';
import type { ApiKeyRow } from './api-key.store.js';
import type { OrganisationServices } from './organisation.services.js';

@ObjectType('ApiKey', { description: 'An API key of a staff user, without its secret.' })
export class ApiKeyType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of the user (login) concerned.' }) userId!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field({ description: 'The first characters of the key (cbs_ and 8 more), to tell keys apart.' }) keyPrefix!: string;
  @Field(() => LocalDateScalar, { nullable: true, description: 'The last day the key is valid (UTC).' }) expiresOn!: string | null;
  @Field(() => String, { description: 'Moment it was created (ISO 8601 date-time, UTC).' }) createdAt!: string;
  @Field(() => Int, { description: 'Id of the user who issued it, or null.', nullable: true }) createdBy!: number | null;
  @Field(() => String, { description: 'Moment of last use (ISO 8601 date-time), or null.', nullable: true }) lastUsedAt!: string | null;
  @Field(() => String, { description: 'Moment it was revoked (ISO 8601 date-time), or null while valid.', nullable: true }) revokedAt!: string | null;
  @Field({ description: 'True when the record is in use; inactive records are kept for history.' }) active!: boolean;
}

@ObjectType('IssuedApiKey', { description: 'A new API key: `key` is shown this once and never stored in clear.' })
export class IssuedApiKeyType {
  @Field(() => ApiKeyType, { description: 'The key\'s record.' }) apiKey!: ApiKeyType;
  @Field({ description: 'The secret key: shown only here, store it now.' }) key!: string;
}

@InputType({ description: 'A new API key for a user.' })
export class ApiKeyInput {
  @Field(() => String, { description: 'Display name.' }) name!: string;
  @Field(() => LocalDateScalar, { nullable: true, description: 'The last day the key is valid; none: until revoked.' }) expiresOn?: string | null;
}

const toApiKeyType = (row: ApiKeyRow, today: string): ApiKeyType => ({ ...row, active: row.revokedAt === null && (row.expiresOn === null || row.expiresOn >= today) });
const today = () => new Date().toISOString().slice(0, 10);

@Resolver(() => ApiKeyType)
export class ApiKeyResolver {
  constructor(private readonly services: OrganisationServices) {}

  @Query(() => [ApiKeyType], { description: "A user's API keys, without their secrets." })
  async apiKeys(@Arg('userId', () => Int, { description: 'User (login) id.' }) userId: number, @Ctx() ctx: RequestContext): Promise<ApiKeyType[]> {
    return (await this.services.apiKeys.list(ctx.identity, userId)).map((row) => toApiKeyType(row, today()));
  }

  @Mutation(() => IssuedApiKeyType, { description: 'Issues an API key for a user whose roles the caller could grant (CREATE_APIKEY).' })
  async createApiKey(@Arg('userId', () => Int, { description: 'User (login) id.' }) userId: number, @Arg('input', () => ApiKeyInput, { description: 'The request body: the same fields Fineract\'s REST payload carries for this command.' }) input: ApiKeyInput, @Ctx() ctx: RequestContext): Promise<IssuedApiKeyType> {
    const { key, row } = await this.services.apiKeys.issue(ctx.identity, userId, input);
    return { key, apiKey: toApiKeyType(row, today()) };
  }

  @Mutation(() => ApiKeyType, { description: 'Revokes an API key at once, on every instance (DELETE_APIKEY).' })
  async revokeApiKey(@Arg('userId', () => Int, { description: 'User (login) id.' }) userId: number, @Arg('keyId', () => Int, { description: 'Id of the API key to revoke.' }) keyId: number, @Ctx() ctx: RequestContext): Promise<ApiKeyType> {
    return toApiKeyType(await this.services.apiKeys.revoke(ctx.identity, userId, keyId), today());
  }
}
