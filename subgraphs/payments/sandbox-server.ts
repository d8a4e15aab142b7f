import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { verifySwitchSignature } from './domain/signature.js';
import { SANDBOX_BANKS, SandboxLedger } from './sandbox-switch.js';
import type { SwitchTransferRequest } from './payments.ports.js';

/**
 * The sandbox switch served over HTTP with the real adapter's contract (http-switch.ts), for end-to-end
 * runs: `PORT=9090 PAYMENT_SWITCH_KEY=... node dist/subgraphs/payments/sandbox-server.js`. A transfer to
 * an account ending in 7 is held unanswered for `NO_ANSWER_MS` (default 60 s), longer than any timeout
 * the service should use, and is SUCCESSFUL at its first status query. Unsigned or forged requests are 401.
 * Run as a program it prints one line per transfer request received (`{"received": sessionId}`), so an
 * operator (or a test) can see that no session was ever sent twice.
 */
export function startSandboxServer(options: { port: number; key: string; noAnswerMs?: number; host?: string; onTransfer?: (sessionId: string) => void }): Promise<Server> {
  const ledger = new SandboxLedger();
  const noAnswerMs = options.noAnswerMs ?? 60_000;
  const server = createServer((req, res) => {
    void handle(req, res).catch(() => send(res, 500, { error: 'internal' }));
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await read(req);
    if (!verifySwitchSignature(options.key, header(req, 'x-switch-timestamp'), header(req, 'x-switch-signature'), body)) return send(res, 401, { error: 'signature' });
    const parsed = (body ? JSON.parse(body) : {}) as Record<string, string>;
    const route = `${req.method} ${req.url}`;
    if (route === 'GET /banks') return send(res, 200, { banks: SANDBOX_BANKS });
    if (route === 'POST /nameenquiry') {
      const answer = ledger.nameEnquiry(String(parsed.bankCode), String(parsed.accountNumber));
      return answer ? send(res, 200, answer) : send(res, 404, { error: 'unknown account' });
    }
    if (route === 'POST /transfers') {
      options.onTransfer?.(String(parsed.sessionId));
      const { answer, rule } = await ledger.receive(parsed as unknown as SwitchTransferRequest);
      if (rule === 'no-answer') {
        const timer = setTimeout(() => send(res, 200, answer), noAnswerMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      return send(res, 200, answer);
    }
    if (route === 'POST /status') {
      const answer = await ledger.status(String(parsed.sessionId));
      return answer ? send(res, 200, answer) : send(res, 404, { error: 'unknown session' });
    }
    return send(res, 404, { error: 'no such path' });
  };
  return new Promise((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', () => resolve(server)));
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.PORT ?? 9090);
  const server = await startSandboxServer({
    port, key: process.env.PAYMENT_SWITCH_KEY ?? 'sandbox-switch-key', noAnswerMs: Number(process.env.NO_ANSWER_MS ?? 60_000),
    onTransfer: (sessionId) => process.stdout.write(`${JSON.stringify({ received: sessionId })}\n`),
  });
  const address = server.address();
  process.stdout.write(`sandbox switch listening on ${typeof address === 'object' && address ? address.port : port}\n`);
}
