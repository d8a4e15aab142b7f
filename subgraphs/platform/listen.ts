import type { Server } from 'node:net';

/** A port that another process holds: the one startup failure an operator must be told in one line. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly host: string,
    what: string,
  ) {
    super(`Port ${port} on ${host} is already in use (${what}): stop the process holding it or choose another port.`);
  }
}

/** server.listen as a promise that rejects (instead of crashing the process) when the port is taken. */
export function listen(server: Server, port: number, host: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, host, what) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}
