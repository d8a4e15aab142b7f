import type { Tx } from '../kernel/tx.js';
import type { StaffIdentity } from '../kernel/identity.js';
import type { BusinessDates, TenantSettings } from '../kernel/ports.js';
import type { InterbankStatus } from './codes.js';
import type { AccountForPayments, InterbankMovement } from '../account/contract.js';

/*
 * The payments module's ports: the payment switch it drives, what it needs from the account module (its
 * shapes picked from account's contract), and the reaction a module above registers (FailedTransferReaction).
 * A leaf: the composition root (subgraphs/composition/adapters/payments-from-*.ts) wires the implementations.
 */

export interface SwitchBank {
  code: string;
  name: string;
}

export interface NameEnquiryAnswer {
  bankCode: string;
  accountNumber: string;
  accountName: string;
  sessionId: string;
}

/** One single credit transfer as the switch receives it; `sessionId` is ours and names it from then on. */
export interface SwitchTransferRequest {
  sessionId: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  amount: string;
  currency: string;
  narration: string;
  originator: { bankName: string; accountNo: string; senderName: string };
}

/** The switch's verdict on a transfer; PENDING is no verdict yet. */
export interface SwitchAnswer {
  sessionId: string;
  status: InterbankStatus;
  reason?: string;
}

/**
 * A network call that did not reach the switch at all (connection refused): nothing was sent, so nothing
 * can have moved.
 */
export class SwitchUnreachable extends Error {}

/**
 * A call that may have reached the switch but got no answer in time (timeout, reset): whether money moved
 * is unknown until a status query says.
 */
export class SwitchNoAnswer extends Error {}

/**
 * The inter-bank payment switch (name enquiry, single credit transfer, status query), modelled on Nigerian
 * instant payment switches. Called outside every database transaction: an answer may take seconds.
 */
export interface PaymentSwitch {
  banks(): Promise<SwitchBank[]>;
  /** Null when the switch knows no such account. */
  nameEnquiry(bankCode: string, accountNumber: string): Promise<NameEnquiryAnswer | null>;
  transfer(request: SwitchTransferRequest): Promise<SwitchAnswer>;
  /** Null when the switch never received the session. */
  status(sessionId: string): Promise<SwitchAnswer | null>;
}

/** The account held or credited (the account module's published shape). */
export type PaymentsAccount = AccountForPayments;

/** The account module's side, each method inside the caller's transaction (see account-for-payments.ts). */
export interface PaymentsAccounts {
  nextTransferId(tx: Tx): Promise<number>;
  /** Holds the amount under the account's row lock: 404 unless the account is one of `clientIds`, refusals as for a debit. */
  hold(tx: Tx, request: { accountId: number; clientIds: readonly number[]; amount: string; date: string; reference: string }): Promise<{ holdId: number; account: PaymentsAccount }>;
  /** The hold becomes the debit (DR liability, CR 11201) with its account.debit; null when it was not held any more. */
  settle(tx: Tx, holdId: number, movement: InterbankMovement): Promise<{ savingsTransactionId: number } | null>;
  /** False when it was not held any more. */
  release(tx: Tx, holdId: number): Promise<boolean>;
  /** The account (any client's), for a return's office scope; null when there is none. */
  account(tx: Tx, accountId: number): Promise<PaymentsAccount | null>;
  /** An approved return: a credit (DR 11201) or a debit (CR 11201) of the account, with its event; refusals as for a movement. */
  returnLeg(tx: Tx, leg: { accountId: number; credit: boolean; amount: string } & InterbankMovement): Promise<{ savingsTransactionId: number }>;
  /** DR 11201, CR liability, account.credit; KYC caps and blocks refuse with their codes. */
  creditInbound(tx: Tx, credit: { accountNo: string; amount: string; currency: string } & InterbankMovement): Promise<{ savingsTransactionId: number; accountId: number }>;
}

/**
 * A reaction of another module to an inter-bank transfer the switch failed, inside the transaction that
 * fails it (self-service gives the amount back to the day's usage). Payments depends on no module that
 * reacts: each registers its reaction (`transfers.onFailed`).
 */
export type FailedTransferReaction = (tx: Tx, transferId: number) => Promise<void>;

export interface PaymentsDependencies {
  settings: TenantSettings;
  businessDates: BusinessDates;
  accounts: PaymentsAccounts;
  switch: PaymentSwitch;
  /** The key inbound credits are signed with (PAYMENT_SWITCH_KEY). */
  switchKey: string;
  /** How long a transfer waits for the switch before it is left to the re-query worker. */
  timeoutMs: number;
  requeryBaseMs: number;
  requeryMaxMs: number;
  /** The display name of the client whose account sends (the originator the switch and the event carry). */
  clientName(tx: Tx, clientId: number): Promise<string>;
  /** The staff user's office subtree; null means every office. */
  officesInScope(tx: Tx, staff: StaffIdentity): Promise<number[] | null>;
}
