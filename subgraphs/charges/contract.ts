/** What other modules may use of the charges module: types only. */
export type { ChargeView } from './queries/charge.query.js';
export { CHARGES_CODES } from './codes.js';
