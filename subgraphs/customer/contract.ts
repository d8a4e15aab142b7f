/**
 * What the customer module publishes to the modules that depend on it, as types only: a consumer's ports
 * pick from here (`import type`) instead of re-declaring the shapes, and its codes.ts refers to the codes
 * it shares with customer through CustomerCodes. The implementations are wired in subgraphs/composition/.
 */
import type { Tx } from '../kernel/tx.js';
import type { CUSTOMER_CODES } from './codes.js';

export type { BvnVerification } from './bvn-verifier.js';
export type { ClientForAccounts } from './client-for-accounts.js';
export type { OpenProductsOf } from './customer.ports.js';

export type CustomerCodes = typeof CUSTOMER_CODES;

/** A client as self-service shows it. */
export interface ClientForSelf {
  id: number;
  cif: string;
  accountNo: string;
  displayName: string;
  firstname: string | null;
  lastname: string | null;
  officeId: number;
  kycTier: number;
  active: boolean;
  /** Fineract's client status id (kernel/client-status.ts). */
  statusId: number;
  mobileNo: string | null;
  emailAddress: string | null;
  /** YYYY-MM-DD, or null while pending. */
  activationDate: string | null;
  dateOfBirth: string | null;
}

/** A client as a group or center sees its member. */
export interface ClientOfGroup {
  id: number;
  accountNo: string;
  displayName: string;
  officeId: number;
  staffId: number | null;
  /** Fineract's client status id (kernel/client-status.ts). */
  statusId: number;
  active: boolean;
  activationDate: string | null;
}

/** A group a client belongs to, as Fineract's GET /clients/{id} lists it under `groups`. */
export interface ClientGroup {
  id: number;
  accountNo: string;
  name: string;
  externalId: string | null;
}

/**
 * Inside the caller's transaction: the groups a client belongs to. The groups module depends on customer,
 * so it registers this reader (`clients.setGroupsReader`); without one, a client is in no group.
 */
export type GroupsOfClient = (tx: Tx, clientId: number) => Promise<ClientGroup[]>;
