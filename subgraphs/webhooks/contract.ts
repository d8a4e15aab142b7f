/**
 * What the webhooks module publishes, as types only. No module depends on webhooks: events reach it
 * through the outbox relay's sink.
 */
import type { WEBHOOKS_CODES } from './codes.js';

export type WebhooksCodes = typeof WEBHOOKS_CODES;
