/**
 * What the self-service module publishes, as types only. No module depends on self-service (it is the top
 * of the module graph); its codes are published for the edge's documents and the ADR's template.
 */
import type { SELF_CODES } from './codes.js';

export type SelfCodes = typeof SELF_CODES;
