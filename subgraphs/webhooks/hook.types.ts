import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('HookEvent', { description: 'A Fineract hook event pair; `*`/`*` receives every event.' })
export class HookEventType {
  @Field({ description: 'Kind of record the event or permission concerns, e.g. "CLIENT" or "SAVINGSACCOUNT".' }) entityName!: string;
  @Field({ description: 'Action on the entity, e.g. "CREATE", "APPROVE", "DEPOSIT".' }) actionName!: string;
}

@ObjectType('HookConfigField', { description: 'One configuration value of a webhook (e.g. its Payload URL).' })
export class HookConfigFieldType {
  @Field({ description: 'Name of the configuration field.' }) fieldName!: string;
  @Field({ description: 'Value of the configuration field.' }) fieldValue!: string;
}

@ObjectType('Hook', { description: 'A webhook receiver (Fineract\'s hook, "Web" template). The Secret is never read back.' })
export class HookType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => String, { description: 'Name to display: the person\'s names joined, or the entity\'s full name.', nullable: true }) displayName!: string | null;
  @Field({ description: 'True when the record is in use.' }) isActive!: boolean;
  @Field(() => Int, { description: 'Id of the template it was made from.' }) templateId!: number;
  @Field({ description: 'Name of the template (e.g. "Web").' }) templateName!: string;
  @Field(() => Date, { description: 'Moment it was created (ISO 8601 date-time, UTC).' }) createdAt!: Date;
  @Field(() => Date, { description: 'Moment of the last change (ISO 8601 date-time).' }) updatedAt!: Date;
  @Field(() => [HookEventType], { description: 'Events (entity and action) the webhook is sent.' }) events!: HookEventType[];
  @Field(() => [HookConfigFieldType], { description: 'Configuration values (e.g. Payload URL, Content Type).' }) config!: HookConfigFieldType[];
  @Field(() => String, { nullable: true, description: 'Status of the most recent attempt: delivered, failed or dead.' }) lastDeliveryStatus!: string | null;
  @Field(() => Date, { description: 'Moment of the last delivery attempt, or null.', nullable: true }) lastDeliveryAt!: Date | null;
  @Field(() => Int, { description: 'HTTP status of the last delivery attempt, or null.', nullable: true }) lastStatusCode!: number | null;
  @Field(() => Int, { description: 'Attempts that failed (retried or dead), within the 30-day log.' }) failureCount!: number;
}

@InputType({ description: 'One entity and action a webhook subscribes to.' })
export class HookEventInput {
  @Field({ description: 'Kind of record the event or permission concerns, e.g. "CLIENT" or "SAVINGSACCOUNT".' }) entityName!: string;
  @Field({ description: 'Action on the entity, e.g. "CREATE", "APPROVE", "DEPOSIT".' }) actionName!: string;
}

@InputType({ description: 'Fields of a webhook to change, as Fineract\'s PUT /hooks/{id} body: any subset.' })
export class UpdateHookInput {
  @Field(() => String, { nullable: true, description: 'The template name: "Web".' }) name?: string | null;
  @Field(() => String, { description: 'Name to display: the person\'s names joined, or the entity\'s full name.', nullable: true }) displayName?: string | null;
  @Field(() => Boolean, { description: 'True when the record is in use.', nullable: true }) isActive?: boolean | null;
  @Field(() => [HookEventInput], { description: 'Events (entity and action) the webhook is sent.', nullable: true }) events?: HookEventInput[] | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Keys "Payload URL", "Content Type" (json), "Secret".' }) config?: Record<string, unknown> | null;
  @Field(() => Int, { description: 'Id of the template it was made from.', nullable: true }) templateId?: number | null;
}

/** A new hook needs its template name. Its events and Payload URL stay nullable: the service answers their own codes (events.cannot.be.empty, payloadUrl.cannot.be.blank). */
@InputType({ description: 'A new webhook, as Fineract\'s POST /hooks body.' })
export class CreateHookInput extends UpdateHookInput {
  @Field(() => String, { description: 'The template name: "Web".' }) override name!: string;
}

@ObjectType({ description: 'The webhook created, with its generated secret when the request had none (shown only here).' })
export class HookCreatePayload {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => String, { nullable: true, description: 'The generated Secret, shown only in this response, when the request had none.' }) secret!: string | null;
}

@ObjectType({ description: 'The webhook after an update, and what changed.' })
export class HookChangePayload {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => GraphQLJSONObject, { description: 'The fields this command changed, by name, with their new values (Fineract\'s `changes` object).' }) changes!: Record<string, unknown>;
}

@ObjectType('HookTemplateField', { description: 'One configuration field a webhook template needs.' })
export class HookTemplateFieldType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Name of the configuration field.' }) fieldName!: string;
  @Field({ description: 'Type of the value, e.g. "string".' }) fieldType!: string;
  @Field({ description: 'True when the field may be left out.' }) optional!: boolean;
  @Field({ description: 'Example value to show in the input.' }) placeholder!: string;
}

@ObjectType('HookTemplateOption', { description: 'One webhook template to choose from.' })
export class HookTemplateOptionType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => [HookTemplateFieldType], { description: 'Configuration fields the template needs.' }) schema!: HookTemplateFieldType[];
}

@ObjectType('HookEntityActions', { description: 'One entity and the actions on it a webhook can subscribe to.' })
export class HookEntityActionsType {
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => [String], { description: 'Actions on the entity a webhook can subscribe to, e.g. "CREATE".' }) actions!: string[];
}

@ObjectType('HookGrouping', { description: 'Events grouped by entity, to choose what a webhook receives.' })
export class HookGroupingType {
  @Field({ description: 'Display name.' }) name!: string;
  @Field(() => [HookEntityActionsType], { description: 'Entities of this group and their actions.' }) entities!: HookEntityActionsType[];
}

@ObjectType('HookEventName', { description: 'Which event name a hook pair receives.' })
export class HookEventNameType {
  @Field({ description: 'Kind of record the event or permission concerns, e.g. "CLIENT" or "SAVINGSACCOUNT".' }) entityName!: string;
  @Field({ description: 'Action on the entity, e.g. "CREATE", "APPROVE", "DEPOSIT".' }) actionName!: string;
  @Field({ description: 'Kind of event, e.g. "SAVINGS_DEPOSIT".' }) eventType!: string;
  @Field({ description: 'Free-text description, or null when none was given.' }) description!: string;
}

@ObjectType('HookTemplate', { description: 'A kind of webhook and the configuration fields it needs.' })
export class HookTemplateType {
  @Field(() => [HookTemplateOptionType], { description: 'Webhook templates to choose from.' }) templates!: HookTemplateOptionType[];
  @Field(() => [HookGroupingType], { description: 'Events grouped by entity.' }) groupings!: HookGroupingType[];
  @Field(() => [HookEventNameType], { description: 'Events (entity and action) the webhook is sent.' }) events!: HookEventNameType[];
}

@ObjectType('WebhookDeliveryAttempt', { description: 'One attempt of one delivery; the pending row is the attempt scheduled next.' })
export class DeliveryAttemptType {
  @Field(() => Int, { description: 'Identifier (integer), unique within the tenant for this kind of record.' }) id!: number;
  @Field(() => Int, { description: 'Id of this delivery attempt record.' }) deliveryId!: number;
  @Field({ description: 'Unique id of the event (UUID); deliveries of the same event share it, so use it to deduplicate.' }) eventId!: string;
  @Field({ description: 'Kind of event, e.g. "SAVINGS_DEPOSIT".' }) eventType!: string;
  @Field(() => Int, { description: 'Attempt number (1 for the first).' }) attempt!: number;
  @Field({ description: 'pending | delivered | failed | dead' }) status!: string;
  @Field(() => Int, { description: 'HTTP status answered, or null when no answer came.', nullable: true }) statusCode!: number | null;
  @Field(() => Int, { description: 'Time the attempt took, in milliseconds, or null.', nullable: true }) durationMs!: number | null;
  @Field(() => String, { description: 'Why the attempt failed, or null.', nullable: true }) error!: string | null;
  @Field(() => Date, { description: 'Moment of the next retry, or null when none is planned.', nullable: true }) nextAttemptAt!: Date | null;
  @Field(() => Date, { description: 'Moment of the attempt, or null while queued.', nullable: true }) attemptedAt!: Date | null;
}

@ObjectType('WebhookDeliveryPage', { description: 'A page of webhook delivery attempts.' })
export class DeliveryPageType {
  @Field(() => Int, { description: 'How many records match the filters in all (not only this page).' }) totalFilteredRecords!: number;
  @Field(() => [DeliveryAttemptType], { description: 'The records of this page, in the requested order.' }) pageItems!: DeliveryAttemptType[];
}

@ObjectType({ description: 'Result of queueing a delivery again.' })
export class RedeliveryPayload {
  @Field(() => Int, { description: 'Id of the webhook.' }) hookId!: number;
  @Field(() => Int, { description: 'Id of this delivery attempt record.' }) deliveryId!: number;
  @Field(() => Int, { description: 'Attempt number (1 for the first).' }) attempt!: number;
}

@ObjectType({ description: 'Result of sending a test event to a webhook.' })
export class HookTestPayload {
  @Field(() => Int, { description: 'Id of the webhook.' }) hookId!: number;
  @Field(() => Int, { description: 'Id of this delivery attempt record.' }) deliveryId!: number;
  @Field({ description: 'Unique id of the event (UUID); deliveries of the same event share it, so use it to deduplicate.' }) eventId!: string;
}
