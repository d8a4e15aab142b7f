/**
 * What the till module publishes to the modules that depend on it, as types only; its codes.ts's codes
 * that others share are referred to through TillCodes. The implementations are wired in subgraphs/composition/.
 */
import type { TILL_CODES } from './codes.js';

export type TillCodes = typeof TILL_CODES;
