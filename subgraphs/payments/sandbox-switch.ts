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

export interface SandboxReceived {
  rule: SandboxRule;
  /** When the sandbox first received the session (epoch milliseconds). */
  at: number;
}

/** Where the sandbox remembers the sessions it received. */
export interface SandboxSessions {
  /** Keeps the first receipt of a session (a replay keeps it) and answers the one kept. */
  remember(sessionId: string, received: SandboxReceived): Promise<SandboxReceived>;
  find(sessionId: string): Promise<SandboxReceived | null>;
}

/** One process's memory: the sandbox served over HTTP is one process. */
export class MemorySandboxSessions implements SandboxSessions {
  private readonly received = new Map<string, SandboxReceived>();

  async remember(sessionId: string, received: SandboxReceived): Promise<SandboxReceived> {
    const kept = this.received.get(sessionId) ?? received;
    this.received.set(sessionId, kept);
    return kept;
  }

  async find(sessionId: string): Promise<SandboxReceived | null> {
    return this.received.get(sessionId) ?? null;
  }
}

/**
 * The sandbox switch's state machine, shared by the in-process sandbox and the sandbox served over HTTP
 * (sandbox-server.ts): it remembers each session it received, so a status query answers as a real
 * switch would. In process its memory is the database's (every worker is then one switch: a status query
 * from another worker finds the transfer the first one sent).
 */
export class SandboxLedger {
  constructor(
    private readonly sessions: SandboxSessions = new MemorySandboxSessions(),
    private readonly now: () => number = Date.now,
  ) {}

  knowsBank(code: string): boolean {
    return SANDBOX_BANKS.some((b) => b.code === code);
  }

  nameEnquiry(bankCode: string, accountNumber: string): NameEnquiryAnswer | null {
    if (!this.knowsBank(bankCode) || sandboxRule(accountNumber) === 'unknown') return null;
    return { bankCode, accountNumber, accountName: sandboxAccountName(bankCode, accountNumber), sessionId: newSessionId(`999${bankCode}`) };
  }

  /** Records the session (a replayed session answers as the first did) and answers; 'no-answer' is the caller's to simulate. */
  async receive(request: SwitchTransferRequest): Promise<{ answer: SwitchAnswer; rule: SandboxRule }> {
    const rule = this.knowsBank(request.bankCode) ? sandboxRule(request.accountNumber) : 'unknown';
    const kept = await this.sessions.remember(request.sessionId, { rule, at: this.now() });
    return { answer: this.answer(request.sessionId, kept, false), rule };
  }

  /** Null for a session the sandbox never received. */
  async status(sessionId: string): Promise<SwitchAnswer | null> {
    const entry = await this.sessions.find(sessionId);
    return entry ? this.answer(sessionId, entry, true) : null;
  }

  private answer(sessionId: string, entry: SandboxReceived, statusQuery: boolean): SwitchAnswer {
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
  readonly ledger: SandboxLedger;

  constructor(sessions?: SandboxSessions) {
    this.ledger = new SandboxLedger(sessions);
  }

  async banks(): Promise<SwitchBank[]> {
    return [...SANDBOX_BANKS];
  }

  async nameEnquiry(bankCode: string, accountNumber: string): Promise<NameEnquiryAnswer | null> {
    return this.ledger.nameEnquiry(bankCode, accountNumber);
  }

  async transfer(request: SwitchTransferRequest): Promise<SwitchAnswer> {
    const { answer, rule } = await this.ledger.receive(request);
    // In process there is nothing to wait for: "no answer within the timeout" is said at once.
    if (rule === 'no-answer') throw new SwitchNoAnswer(`the sandbox switch did not answer session ${request.sessionId}`);
    return answer;
  }

  async status(sessionId: string): Promise<SwitchAnswer | null> {
    return this.ledger.status(sessionId);
  }
}
