/**
 * What the payments module publishes to the modules that depend on it, as types only: a consumer's ports
 * pick from here (`import type`) instead of re-declaring the shapes. The implementations are wired in
 * subgraphs/composition/.
 */
import type { PAYMENTS_CODES } from './codes.js';

export type { FailedTransferReaction, NameEnquiryAnswer, SwitchBank } from './payments.ports.js';
export type { InterbankTransferRow as InterbankTransfer } from './payments.store.js';

export type PaymentsCodes = typeof PAYMENTS_CODES;
