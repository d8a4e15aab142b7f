import { registerEnumType } from 'type-graphql';

/**
 * A client's status as a GraphQL enum, for clients generated from the schema. It sits beside Fineract's
 * `status {id, code, value}` (which REST and existing clients read) and is derived from the same id.
 */
export enum ClientStatusEnum {
  PENDING = 'PENDING',
  ACTIVE = 'ACTIVE',
  TRANSFER_IN_PROGRESS = 'TRANSFER_IN_PROGRESS',
  TRANSFER_ON_HOLD = 'TRANSFER_ON_HOLD',
  CLOSED = 'CLOSED',
  REJECTED = 'REJECTED',
  WITHDRAWN = 'WITHDRAWN',
}
registerEnumType(ClientStatusEnum, {
  name: 'ClientStatusEnum',
  description: "A client's status (Fineract's clientStatusType; status.id 100, 300, 303, 304, 600, 700, 800).",
  valuesConfig: {
    PENDING: { description: 'Submitted, not yet activated (100).' },
    ACTIVE: { description: 'Active (300).' },
    TRANSFER_IN_PROGRESS: { description: 'Being transferred to another office (303).' },
    TRANSFER_ON_HOLD: { description: 'A transfer held (304).' },
    CLOSED: { description: 'Closed (600).' },
    REJECTED: { description: 'Application rejected (700).' },
    WITHDRAWN: { description: 'Application withdrawn by the client (800).' },
  },
});

const BY_ID: Readonly<Record<number, ClientStatusEnum>> = {
  100: ClientStatusEnum.PENDING,
  300: ClientStatusEnum.ACTIVE,
  303: ClientStatusEnum.TRANSFER_IN_PROGRESS,
  304: ClientStatusEnum.TRANSFER_ON_HOLD,
  600: ClientStatusEnum.CLOSED,
  700: ClientStatusEnum.REJECTED,
  800: ClientStatusEnum.WITHDRAWN,
};

/** The enum of a Fineract status id; null for an id outside the set (Fineract's INVALID). */
export const clientStatusEnum = (statusId: number): ClientStatusEnum | null => BY_ID[statusId] ?? null;
