/**
 * What the organisation module publishes to the modules that depend on it (all do), as types only: a
 * consumer's ports pick from here (`import type`), and its codes.ts refers to the codes it shares with
 * organisation through OrganisationCodes. The implementations are wired in subgraphs/composition/.
 */
import type { ORGANISATION_CODES } from './codes.js';

export type { CodeValueInUse } from './code.service.js';
export type { OpenTillOfStaff } from './organisation.ports.js';

export type OrganisationCodes = typeof ORGANISATION_CODES;
