import type { Tx } from '../kernel/tx.js';
import type { Actor, StaffIdentity } from '../kernel/identity.js';
import type { BvnVerification, BvnVerifier } from './bvn-verifier.js';
import { Client, CLIENT_STATUS_ACTIVE, LEGAL_FORM_PERSON } from './client.entity.js';
import type { ClientOnboarding } from './client-onboarding.commands.js';
import type { ClientQueries } from './client.queries.js';
import type { ClientForSelf } from './contract.js';

/** A client as self-service shows it to its own customer. */
const selfView = (c: Client): ClientForSelf => ({
  id: c.id, cif: c.cif, accountNo: c.accountNo, displayName: c.displayName, firstname: c.firstname, lastname: c.lastname, officeId: c.officeId,
  kycTier: c.kycTier, active: c.statusId === CLIENT_STATUS_ACTIVE, statusId: c.statusId, mobileNo: c.mobileNo, emailAddress: c.emailAddress,
  activationDate: c.activationDate, dateOfBirth: c.dateOfBirth,
});

/**
 * What the customer module offers the self-service module, inside the caller's transaction and without a
 * permission check (self-service registers as its own channel and reads only the session's clients).
 */
export function clientsForSelf(clients: ClientQueries, onboarding: ClientOnboarding, verifier: BvnVerifier) {
  return {
    verifyBvn: (bvn: string, holder: { firstname: string; lastname: string }) => verifier.verify(bvn, holder),
    activeWithBvn: (tx: Tx, bvn: string) => clients.activeWithBvn(tx, bvn),
    reportDuplicateBvn: (tx: Tx, matching: { id: number; cif: string }[]) => onboarding.reportRefusedDuplicateBvn(tx, matching, 'self-registration'),
    async createPerson(
      tx: Tx,
      actor: Actor,
      p: { officeId: number; firstname: string; lastname: string; mobileNo: string; emailAddress: string; bvn: string; date: string; bvnVerdict: BvnVerification },
    ) {
      const client = await onboarding.createCore(tx, actor, {
        input: {
          officeId: p.officeId, legalFormId: LEGAL_FORM_PERSON, firstname: p.firstname, lastname: p.lastname, mobileNo: p.mobileNo, emailAddress: p.emailAddress,
          bvn: p.bvn, active: true, activationDate: p.date, submittedOnDate: p.date,
        },
        bvnCheck: p.bvnVerdict,
      });
      return selfView(client);
    },
    visibleToStaff: async (tx: Tx, staff: StaffIdentity, id: number) => (await clients.findInScope(tx, staff, id)) !== null,
    async client(tx: Tx, id: number) {
      const client = await tx.em.findOne(Client, { id });
      return client ? selfView(client) : null;
    },
  };
}
