import { signedHeaders } from './domain/signature.js';
import { SwitchNoAnswer, SwitchUnreachable, type NameEnquiryAnswer, type PaymentSwitch, type SwitchAnswer, type SwitchBank, type SwitchTransferRequest } from './payments.ports.js';

/**
 * A real payment switch over HTTPS (PAYMENT_SWITCH_URL): JSON bodies, each signed with PAYMENT_SWITCH_KEY
 * (`X-Switch-Timestamp`, `X-Switch-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`), every call
 * bounded by PAYMENT_SWITCH_TIMEOUT_MS. The contract (README "Inter-bank transfers"):
 * GET /banks, POST /nameenquiry, POST /transfers, POST /status.
 */
export class HttpSwitch implements PaymentSwitch {
  private readonly base: string;

  constructor(url: string, private readonly key: string, private readonly timeoutMs: number) {
    this.base = url.replace(/\/+$/, '');
  }

  async banks(): Promise<SwitchBank[]> {
    const res = await this.call('GET', '/banks', '');
    if (res.status !== 200) throw new SwitchNoAnswer(`the switch answered ${res.status} to GET /banks`);
    return ((res.body as { banks?: SwitchBank[] }).banks ?? []).map((b) => ({ code: String(b.code), name: String(b.name) }));
  }

  async nameEnquiry(bankCode: string, accountNumber: string): Promise<NameEnquiryAnswer | null> {
    const res = await this.call('POST', '/nameenquiry', JSON.stringify({ bankCode, accountNumber }));
    if (res.status === 404) return null;
    if (res.status !== 200) throw new SwitchNoAnswer(`the switch answered ${res.status} to a name enquiry`);
    const b = res.body as Partial<NameEnquiryAnswer>;
    return { bankCode, accountNumber, accountName: String(b.accountName ?? ''), sessionId: String(b.sessionId ?? '') };
  }

  async transfer(request: SwitchTransferRequest): Promise<SwitchAnswer> {
    const res = await this.call('POST', '/transfers', JSON.stringify(request));
    // Anything but a well-formed answer leaves the outcome unknown: the status query decides.
    if (res.status !== 200) throw new SwitchNoAnswer(`the switch answered ${res.status} to session ${request.sessionId}`);
    return answerOf(res.body, request.sessionId);
  }

  async status(sessionId: string): Promise<SwitchAnswer | null> {
    const res = await this.call('POST', '/status', JSON.stringify({ sessionId }));
    if (res.status === 404) return null;
    if (res.status !== 200) throw new SwitchNoAnswer(`the switch answered ${res.status} to a status query`);
    return answerOf(res.body, sessionId);
  }

  private async call(method: 'GET' | 'POST', path: string, body: string): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...signedHeaders(this.key, body) },
        body: method === 'POST' ? body : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      // Refused: the request never left, so the switch cannot have acted on it.
      if (causeCode(error) === 'ECONNREFUSED') throw new SwitchUnreachable(`the payment switch refused the connection (${path})`);
      throw new SwitchNoAnswer(`no answer from the payment switch (${path}): ${(error as Error).message}`);
    }
    let parsed: unknown = null;
    try {
      parsed = await res.json();
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  }
}

const causeCode = (error: unknown): string | undefined => ((error as { cause?: { code?: string } }).cause?.code);

function answerOf(body: unknown, sessionId: string): SwitchAnswer {
  const b = (body ?? {}) as { status?: unknown; reason?: unknown };
  if (b.status !== 'SUCCESSFUL' && b.status !== 'FAILED' && b.status !== 'PENDING') throw new SwitchNoAnswer(`the switch's answer for ${sessionId} has no status`);
  return { sessionId, status: b.status, ...(typeof b.reason === 'string' ? { reason: b.reason } : {}) };
}
