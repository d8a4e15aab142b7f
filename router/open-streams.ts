import type { CustomerIdentity, Identity, StaffIdentity } from '../subgraphs/kernel/identity.js';
import { revocationCovers, type CredentialRevocation } from '../subgraphs/kernel/revocation.js';
import { SubscriptionLimits } from './subscription-limits.js';

interface OpenStream {
  identity: StaffIdentity | CustomerIdentity;
  end: () => void;
}

/**
 * The subscriptions this edge is serving (graphql-ws connections and SSE responses), by the credentials
 * that opened them. A subscription is authorized when it opens, so a revocation (logout, password or role
 * change, delete, a role's permissions; made here or announced by another instance) must end the
 * streams it covers itself: they would otherwise keep delivering events to a caller REST already refuses.
 */
export class OpenStreams {
  private readonly streams = new Set<OpenStream>();
  /** The caps every new subscription is admitted under, over graphql-ws and SSE alike. */
  readonly limits: SubscriptionLimits;

  constructor(caps: ConstructorParameters<typeof SubscriptionLimits>[0]) {
    this.limits = new SubscriptionLimits(caps);
  }

  /** Tracks a stream until the returned function is called (when it closes by itself). */
  add(identity: Identity, end: () => void): () => void {
    if (identity.kind === 'anonymous') return () => undefined;
    const stream: OpenStream = { identity, end };
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  /** Ends, at once, every stream opened with credentials the revocation covers. */
  revoke(revocation: CredentialRevocation): void {
    for (const stream of this.streams) {
      if (!revocationCovers(revocation, stream.identity)) continue;
      this.streams.delete(stream);
      stream.end();
    }
  }
}

/**
 * The same response with a body that `end()` finishes cleanly (the SSE stream's last chunk, then the end
 * of the HTTP response) and whose source, the gateway's subscription, is cancelled.
 */
export function endableResponse(response: Response): { response: Response; end: () => void } {
  if (!response.body) return { response, end: () => undefined };
  const reader = response.body.getReader();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let ended = false;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    pull: async (c) => {
      const { done, value } = await reader.read();
      // Ended meanwhile: the controller is closed and takes nothing more.
      if (ended) return;
      if (done) {
        ended = true;
        c.close();
      } else c.enqueue(value);
    },
    cancel: async (reason) => {
      ended = true;
      await reader.cancel(reason);
    },
  });
  return {
    response: new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }),
    end: () => {
      if (ended) return;
      ended = true;
      controller?.close();
      reader.cancel().catch(() => undefined);
    },
  };
}
