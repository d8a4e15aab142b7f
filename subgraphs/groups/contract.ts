/** What other modules may use of the groups module: types only. */
import type { GROUPS_CODES } from './codes.js';

export type GroupsCodes = typeof GROUPS_CODES;
