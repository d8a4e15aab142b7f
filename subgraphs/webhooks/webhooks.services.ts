import type { Database } from '../platform/database.js';
import { HookService } from './hook.service.js';
import type { WebhooksDependencies } from './webhooks.ports.js';

/** The webhooks module's facade: hooks (Fineract's /hooks), their delivery log and replay. */
export interface WebhooksServices {
  hooks: HookService;
}

export function createWebhooksServices(db: Database, deps: WebhooksDependencies): WebhooksServices {
  return { hooks: new HookService(db, deps.settings) };
}
