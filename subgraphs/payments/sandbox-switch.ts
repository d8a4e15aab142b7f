import { createHash } from 'node:crypto';
import { newSessionId } from './domain/session-id.js';
import { SwitchNoAnswer, type NameEnquiryAnswer, type PaymentSwitch, type SwitchAnswer, type SwitchBank, type SwitchTransferRequest } from './payments.ports.js';

/** The sandbox's banks (Nigerian CBN bank codes). */
export const SANDBOX_BANKS: readonly SwitchBank[] = [
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '033', name: 'United Bank for Africa' },
  { code: '044', name: 'Access Bank' },
  { code: '057', name: 'Zenith Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '232', name: 'Sterling Bank' },
];

/** How long a transfer to an account ending in 8 stays PENDING at the sandbox. */
export const SANDBOX_PENDING_MS = 3000;
export const SANDBOX_FAILURE_REASON = 'beneficiary bank unavailable';

const FIRST = ['Adaeze', 'Babatunde', 'Chinedu', 'Damilola', 'Emeka', 'Funmilayo', 'Gbenga', 'Halima', 'Ifeoma', 'Jide', 'Kemi', 'Ladi', 'Musa', 'Ngozi', 'Olu', 'Tolu'];
const LAST = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Ibrahim', 'Nwosu', 'Ogunleye', 'Usman', 'Balogun', 'Chukwu', 'Danjuma', 'Lawal'];

/** A stable made-up name per bank and account number. */
export function sandboxAccountName(bankCode: string, accountNumber: string): string {
  const digest = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
  return `${FIRST[digest[0]! % FIRST.length]} ${LAST[digest[1]! % LAST.length]}`;
}

/** The sandbox's rule for an account number: by its last digit (README "Inter-bank transfers"). */
export type SandboxRule = 'unknown' | 'success' | 'no-answer' | 'pending' | 'failure';

export function sandboxRule(accountNumber: string): SandboxRule {
  const last = accountNumber.at(-1);
  if (last === '0') return 'unknown';
  if (last === '7') return 'no-answer';
  if (last === '8') return 'pending';
  if (last === '9') return 'failure';
  return 'success';
}

interface Received {
  rule: SandboxRule;
  at: number;
}

/**
 * The sandbox switch's state machine, shared by the in-process sandbox and the sandbox served over HTTP
 * (sandbox-server.ts): it remembers each session it received, so a status query answers as a real
 * switch would. Its memory lasts as long as its process.
 */
export class SandboxLedger {
  private readonly received = new Map<string, Received>();

  constructor(private readonly now: () => number = Date.now) {}

  knowsBank(code: string): boolean {
    return SANDBOX_BANKS.some((b) => b.code === code);
  }

  nameEnquiry(bankCode: string, accountNumber: string): NameEnquiryAnswer | null {
    if (!this.knowsBank(bankCode) || sandboxRule(accountNumber) === 'unknown') return null;
    return { bankCode, accountNumber, accountName: sandboxAccountName(bankCode, accountNumber), sessionId: newSessionId(`999${bankCode}`) };
  }

  /** Records the session (a replayed session answers as the first did) and answers; 'no-answer' is the caller's to simulate. */
  receive(request: SwitchTransferRequest): { answer: SwitchAnswer; rule: SandboxRule } {
    const rule = this.knowsBank(request.bankCode) ? sandboxRule(request.accountNumber) : 'unknown';
    if (!this.received.has(request.sessionId)) this.received.set(request.sessionId, { rule, at: this.now() });
    return { answer: this.answer(request.sessionId, false)!, rule };
  }

  /** Null for a session the sandbox never received. */
  status(sessionId: string): SwitchAnswer | null {
    return this.answer(sessionId, true);
  }

  private answer(sessionId: string, statusQuery: boolean): SwitchAnswer | null {
    const entry = this.received.get(sessionId);
    if (!entry) return null;
    switch (entry.rule) {
      case 'unknown':
        return { sessionId, status: 'FAILED', reason: 'unknown beneficiary account' };
      case 'failure':
        return { sessionId, status: 'FAILED', reason: SANDBOX_FAILURE_REASON };
      case 'success':
        return { sessionId, status: 'SUCCESSFUL' };
      case 'no-answer':
        // The transfer itself is never answered; the first status query finds it done.
        return { sessionId, status: statusQuery ? 'SUCCESSFUL' : 'PENDING' };
      case 'pending':
        return { sessionId, status: this.now() - entry.at >= SANDBOX_PENDING_MS ? 'SUCCESSFUL' : 'PENDING' };
    }
  }
}

/** The built-in sandbox switch, in process (the default when PAYMENT_SWITCH_URL is unset). */
export class SandboxSwitch implements PaymentSwitch {
  readonly ledger = new SandboxLedger();

  async banks(): Promise<SwitchBank[]> {
    return [...SANDBOX_BANKS];
  }

  async nameEnquiry(bankCode: string, accountNumber: string): Promise<NameEnquiryAnswer | null> {
    return this.ledger.nameEnquiry(bankCode, accountNumber);
  }

  async transfer(request: SwitchTransferRequest): Promise<SwitchAnswer> {
    const { answer, rule } = this.ledger.receive(request);
    // In process there is nothing to wait for: "no answer within the timeout" is said at once.
    if (rule === 'no-answer') throw new SwitchNoAnswer(`the sandbox switch did not answer session ${request.sessionId}`);
    return answer;
  }

  async status(sessionId: string): Promise<SwitchAnswer | null> {
    return this.ledger.status(sessionId);
  }
}
