import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { Server as TlsServer } from 'node:tls';

/**
 * How long a connection must have been idle before a draining server closes it. Closing a kept-alive
 * connection the moment its last response ended reset the request its client was already sending on it
 * (25 of 200 deposits under SIGTERM): a connection that carried a response while draining is closed by
 * that response's `Connection: close`, so only connections nobody used for this long are closed by us.
 */
export const IDLE_GRACE_MS = 1_000;
/** How often a draining server looks for connections idle past the grace. */
const SWEEP_MS = 100;

interface Connection {
  /** Responses being served on it. */
  active: number;
  /** When its last response ended, it was accepted, or it last received bytes. */
  idleSince: number;
  /** Its socket's bytesRead when last looked at: bytes of a request whose head is not complete yet make it busy. */
  bytesSeen: number;
}

/**
 * Graceful stop of an HTTP(S) listener: stop accepting, let the requests already being served finish
 * (within a grace period) and be answered, then close what is left. Every response sent while draining,
 * to a request in flight or one arriving on a kept-alive connection, carries `Connection: close`, so the
 * client reconnects elsewhere and the connection ends after it; a connection is closed by the server
 * only when it has been idle for IDLE_GRACE_MS.
 */
export class InFlight {
  private readonly open = new Set<ServerResponse>();
  private readonly connections = new Map<Socket, Connection>();
  private draining = false;
  private settledWaiters: (() => void)[] = [];

  constructor(
    private readonly server: Server,
    private readonly idleGraceMs = IDLE_GRACE_MS,
  ) {
    // Over TLS a response's socket is the TLS socket, announced by 'secureConnection'; the TCP socket under it
    // carries no request of its own and must not be taken for an idle connection.
    const event = server instanceof TlsServer ? 'secureConnection' : 'connection';
    server.on(event, (socket: Socket) => {
      this.connections.set(socket, { active: 0, idleSince: Date.now(), bytesSeen: 0 });
      socket.once('close', () => {
        this.connections.delete(socket);
        this.wakeIfSettled();
      });
    });
  }

  /** Counts `res` until its response is finished or its connection gone. */
  track(res: ServerResponse): void {
    this.open.add(res);
    if (this.draining) res.shouldKeepAlive = false;
    const connection = this.connections.get(res.socket as Socket);
    if (connection) connection.active++;
    res.once('close', () => {
      this.open.delete(res);
      if (connection) {
        connection.active--;
        connection.idleSince = Date.now();
      }
      this.wakeIfSettled();
    });
  }

  get count(): number {
    return this.open.size;
  }

  /**
   * Stops accepting connections and waits, at most `graceMs`, until every tracked response is answered and
   * every connection has ended (its client leaving after `Connection: close`, or closed here once idle past
   * the grace); resolves true when that happened in time. Connections still open afterwards are the
   * caller's to close.
   */
  async drain(graceMs: number): Promise<boolean> {
    this.draining = true;
    for (const res of this.open) if (!res.headersSent) res.shouldKeepAlive = false;
    // Stops the listener only: http's own close() (Node 19+) also closes every idle kept-alive connection at
    // once, resetting a request its client may be sending on one. Idle ones are closed after the grace instead.
    NetServer.prototype.close.call(this.server);
    if (this.settled()) return true;
    const sweep = setInterval(() => this.closeIdle(), SWEEP_MS);
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => this.settledWaiters.push(() => resolve(true))),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearInterval(sweep);
    clearTimeout(timer);
    return finished;
  }

  /**
   * Closes connections idle past the grace, deciding only after the event loop's poll phase (setImmediate):
   * on a loaded process this timer can run before the poll phase reads a request that arrived during the lag,
   * and closing its connection then reset a request its client had already sent (the 0 to 4 resets of 200 the
   * graceful-shutdown test once tolerated). A connection that read anything since it was last looked at is not idle.
   */
  private closeIdle(): void {
    const now = Date.now();
    const candidates: [Socket, number][] = [];
    for (const [socket, connection] of this.connections) {
      if (socket.bytesRead !== connection.bytesSeen) {
        connection.bytesSeen = socket.bytesRead;
        connection.idleSince = now;
      } else if (connection.active === 0 && now - connection.idleSince >= this.idleGraceMs) {
        candidates.push([socket, socket.bytesRead]);
      }
    }
    if (candidates.length === 0) return;
    setImmediate(() => {
      for (const [socket, bytesRead] of candidates) {
        const connection = this.connections.get(socket);
        if (connection && connection.active === 0 && socket.bytesRead === bytesRead) socket.destroy();
      }
    });
  }

  private settled(): boolean {
    return this.open.size === 0 && this.connections.size === 0;
  }

  private wakeIfSettled(): void {
    if (this.draining && this.settled()) for (const wake of this.settledWaiters.splice(0)) wake();
  }
}
