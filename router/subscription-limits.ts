import type { Identity } from '../subgraphs/kernel/identity.js';

export const SUBSCRIPTION_LIMIT_CODES = {
  perConnection: 'error.msg.subscription.connection.limit.exceeded',
  perPrincipal: 'error.msg.subscription.principal.limit.exceeded',
  perProcess: 'error.msg.subscription.process.limit.exceeded',
} as const;

export interface SubscriptionRefusal {
  code: string;
  message: string;
}

export type Admission = { kind: 'admitted'; release: () => void } | { kind: 'refused'; refusal: SubscriptionRefusal };

/** Who holds a subscription: one staff user or one customer login of one tenant. */
const principalOf = (identity: Identity): string =>
  identity.kind === 'anonymous' ? `${identity.tenantId}:anonymous` : `${identity.tenantId}:${identity.kind}:${identity.userId}`;

/**
 * Caps on what one edge process keeps open for subscribers (config `subscriptionLimits`): subscriptions on
 * one graphql-ws connection, open streams per principal (a connection counts while it carries a
 * subscription; each SSE response is a stream of one), and subscriptions in all. Each subscription holds
 * listeners and buffers until it closes, so one caller opening thousands could take the process's memory.
 * Above a cap the new subscription is refused and the open ones live on.
 */
export class SubscriptionLimits {
  private total = 0;
  private readonly perStream = new Map<object, number>();
  private readonly streamsOf = new Map<string, Set<object>>();

  constructor(private readonly caps: { perConnection: number; perPrincipal: number; perProcess: number }) {}

  /** Admits one more subscription on `stream` (a graphql-ws connection's context, or an SSE response). */
  admit(stream: object, identity: Identity): Admission {
    const principal = principalOf(identity);
    const onStream = this.perStream.get(stream) ?? 0;
    const streams = this.streamsOf.get(principal);
    if (this.total >= this.caps.perProcess) {
      return refused(SUBSCRIPTION_LIMIT_CODES.perProcess, `This server has ${this.caps.perProcess} subscriptions open, its maximum; try again later.`);
    }
    if (onStream >= this.caps.perConnection) {
      return refused(SUBSCRIPTION_LIMIT_CODES.perConnection, `A connection may carry at most ${this.caps.perConnection} subscriptions; complete one first.`);
    }
    if (onStream === 0 && (streams?.size ?? 0) >= this.caps.perPrincipal) {
      return refused(SUBSCRIPTION_LIMIT_CODES.perPrincipal, `A user may have at most ${this.caps.perPrincipal} connections or event streams with subscriptions open; close one first.`);
    }
    this.total++;
    this.perStream.set(stream, onStream + 1);
    if (streams) streams.add(stream);
    else this.streamsOf.set(principal, new Set([stream]));
    let released = false;
    return {
      kind: 'admitted',
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        const left = (this.perStream.get(stream) ?? 1) - 1;
        if (left > 0) {
          this.perStream.set(stream, left);
          return;
        }
        this.perStream.delete(stream);
        const held = this.streamsOf.get(principal);
        held?.delete(stream);
        if (held?.size === 0) this.streamsOf.delete(principal);
      },
    };
  }

  /** Subscriptions open now (for tests and the heap check). */
  get open(): number {
    return this.total;
  }
}

const refused = (code: string, message: string): Admission => ({ kind: 'refused', refusal: { code, message } });
