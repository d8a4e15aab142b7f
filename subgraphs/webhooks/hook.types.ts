import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('HookEvent', { description: 'A Fineract hook event pair; `*`/`*` receives every event.' })
export class HookEventType {
  @Field() entityName!: string;
  @Field() actionName!: string;
}

@ObjectType('HookConfigField')
export class HookConfigFieldType {
  @Field() fieldName!: string;
  @Field() fieldValue!: string;
}

@ObjectType('Hook', { description: 'A webhook receiver (Fineract\'s hook, "Web" template). The Secret is never read back.' })
export class HookType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) displayName!: string | null;
  @Field() isActive!: boolean;
  @Field(() => Int) templateId!: number;
  @Field() templateName!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => [HookEventType]) events!: HookEventType[];
  @Field(() => [HookConfigFieldType]) config!: HookConfigFieldType[];
  @Field(() => String, { nullable: true, description: 'Status of the most recent attempt: delivered, failed or dead.' }) lastDeliveryStatus!: string | null;
  @Field(() => Date, { nullable: true }) lastDeliveryAt!: Date | null;
  @Field(() => Int, { nullable: true }) lastStatusCode!: number | null;
  @Field(() => Int, { description: 'Attempts that failed (retried or dead), within the 30-day log.' }) failureCount!: number;
}

@InputType()
export class HookEventInput {
  @Field() entityName!: string;
  @Field() actionName!: string;
}

@InputType()
export class HookInput {
  @Field(() => String, { nullable: true, description: 'The template name: "Web".' }) name?: string | null;
  @Field(() => String, { nullable: true }) displayName?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean | null;
  @Field(() => [HookEventInput], { nullable: true }) events?: HookEventInput[] | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Keys "Payload URL", "Content Type" (json), "Secret".' }) config?: Record<string, unknown> | null;
  @Field(() => Int, { nullable: true }) templateId?: number | null;
}

@ObjectType()
export class HookCreatePayload {
  @Field(() => Int) id!: number;
  @Field(() => String, { nullable: true, description: 'The generated Secret, shown only in this response, when the request had none.' }) secret!: string | null;
}

@ObjectType()
export class HookChangePayload {
  @Field(() => Int) id!: number;
  @Field(() => GraphQLJSONObject) changes!: Record<string, unknown>;
}

@ObjectType('HookTemplateField')
export class HookTemplateFieldType {
  @Field(() => Int) id!: number;
  @Field() fieldName!: string;
  @Field() fieldType!: string;
  @Field() optional!: boolean;
  @Field() placeholder!: string;
}

@ObjectType('HookTemplateOption')
export class HookTemplateOptionType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field(() => [HookTemplateFieldType]) schema!: HookTemplateFieldType[];
}

@ObjectType('HookEntityActions')
export class HookEntityActionsType {
  @Field() name!: string;
  @Field(() => [String]) actions!: string[];
}

@ObjectType('HookGrouping')
export class HookGroupingType {
  @Field() name!: string;
  @Field(() => [HookEntityActionsType]) entities!: HookEntityActionsType[];
}

@ObjectType('HookEventName', { description: 'Which event name a hook pair receives.' })
export class HookEventNameType {
  @Field() entityName!: string;
  @Field() actionName!: string;
  @Field() eventType!: string;
  @Field() description!: string;
}

@ObjectType('HookTemplate')
export class HookTemplateType {
  @Field(() => [HookTemplateOptionType]) templates!: HookTemplateOptionType[];
  @Field(() => [HookGroupingType]) groupings!: HookGroupingType[];
  @Field(() => [HookEventNameType]) events!: HookEventNameType[];
}

@ObjectType('WebhookDeliveryAttempt', { description: 'One attempt of one delivery; the pending row is the attempt scheduled next.' })
export class DeliveryAttemptType {
  @Field(() => Int) id!: number;
  @Field(() => Int) deliveryId!: number;
  @Field() eventId!: string;
  @Field() eventType!: string;
  @Field(() => Int) attempt!: number;
  @Field({ description: 'pending | delivered | failed | dead' }) status!: string;
  @Field(() => Int, { nullable: true }) statusCode!: number | null;
  @Field(() => Int, { nullable: true }) durationMs!: number | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => Date, { nullable: true }) nextAttemptAt!: Date | null;
  @Field(() => Date, { nullable: true }) attemptedAt!: Date | null;
}

@ObjectType('WebhookDeliveryPage')
export class DeliveryPageType {
  @Field(() => Int) totalFilteredRecords!: number;
  @Field(() => [DeliveryAttemptType]) pageItems!: DeliveryAttemptType[];
}

@ObjectType()
export class RedeliveryPayload {
  @Field(() => Int) hookId!: number;
  @Field(() => Int) deliveryId!: number;
  @Field(() => Int) attempt!: number;
}

@ObjectType()
export class HookTestPayload {
  @Field(() => Int) hookId!: number;
  @Field(() => Int) deliveryId!: number;
  @Field() eventId!: string;
}
