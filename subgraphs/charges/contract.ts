/** What other modules may use of the charges module: types only. */
export type { ChargeView } from './queries/charge.query.js';
import type { CHARGES_CODES } from './codes.js';

export type ChargesCodes = typeof CHARGES_CODES;
