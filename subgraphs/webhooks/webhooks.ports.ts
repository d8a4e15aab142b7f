import type { TenantSettings } from '../kernel/ports.js';

/*
 * What the webhooks module needs from the others: the tenant's settings (whether hooks may target private
 * addresses). A leaf; subgraphs/registry.ts wires it. Events reach the module through the outbox relay's
 * sink (webhookFanOut), never through another module's code.
 */
export interface WebhooksDependencies {
  settings: TenantSettings;
}
