import type { Server, ServerResponse } from 'node:http';

/**
 * Graceful stop of an HTTP(S) listener: stop accepting, let the requests already being served finish
 * (within a grace period) and be answered, then close what is left. Requests that arrive on a kept-alive
 * connection while draining are still served, but told `Connection: close`, so clients reconnect
 * elsewhere instead of reusing a socket that is about to go.
 */
export class InFlight {
  private readonly open = new Set<ServerResponse>();
  private draining = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly server: Server) {}

  /** Counts `res` until its response is finished or its connection gone. */
  track(res: ServerResponse): void {
    this.open.add(res);
    if (this.draining) res.shouldKeepAlive = false;
    res.once('close', () => {
      this.open.delete(res);
      // The connection that carried it may now be idle: close it rather than wait for the client's next request.
      if (this.draining) this.server.closeIdleConnections();
      if (this.open.size === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    });
  }

  get count(): number {
    return this.open.size;
  }

  /**
   * Stops accepting connections and waits for the tracked responses, at most `graceMs`; resolves true
   * when every one finished in time. Connections still open afterwards are the caller's to close.
   */
  async drain(graceMs: number): Promise<boolean> {
    this.draining = true;
    for (const res of this.open) if (!res.headersSent) res.shouldKeepAlive = false;
    // close() stops the listener at once; its callback (every connection gone) is not what we wait for.
    this.server.close();
    this.server.closeIdleConnections();
    if (this.open.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => this.idleWaiters.push(() => resolve(true))),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearTimeout(timer);
    return finished;
  }
}
