import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CLIENT_STATUS, lifecycleTransition, validateLifecycleInput, type LifecycleCommand, type LifecycleDates } from '../../subgraphs/customer/domain/client-lifecycle.js';

const client = (statusId: number, extra: Partial<LifecycleDates> = {}): LifecycleDates => ({
  statusId, submittedOnDate: '2025-01-01', activationDate: null, closedOnDate: null, rejectedOnDate: null, withdrawnOnDate: null, ...extra,
});

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as { extensions: { errors: { code: string }[] } }).extensions.errors[0]!.code;
  }
};

describe('client lifecycle (Fineract statuses)', () => {
  test('each command moves exactly one status to its target', () => {
    const cases: [LifecycleCommand, LifecycleDates, number][] = [
      ['close', client(CLIENT_STATUS.active, { activationDate: '2025-01-02' }), CLIENT_STATUS.closed],
      ['reject', client(CLIENT_STATUS.pending), CLIENT_STATUS.rejected],
      ['withdraw', client(CLIENT_STATUS.pending), CLIENT_STATUS.withdrawn],
      ['reactivate', client(CLIENT_STATUS.closed, { closedOnDate: '2025-02-01' }), CLIENT_STATUS.pending],
      ['undoRejection', client(CLIENT_STATUS.rejected, { rejectedOnDate: '2025-02-01' }), CLIENT_STATUS.pending],
      ['undoWithdrawal', client(CLIENT_STATUS.withdrawn, { withdrawnOnDate: '2025-02-01' }), CLIENT_STATUS.pending],
    ];
    for (const [command, from, to] of cases) {
      assert.equal(lifecycleTransition(command, from, '2025-03-01'), to, command);
      for (const other of Object.values(CLIENT_STATUS).filter((s) => s !== from.statusId)) {
        assert.match(codeOf(() => lifecycleTransition(command, { ...from, statusId: other }, '2025-03-01')) ?? '', /^error\.msg\.client\.\w+\.on\.non\w+\.account$/, `${command} from ${other}`);
      }
    }
  });

  test('a date before the date it follows is refused with Fineract-style codes', () => {
    assert.equal(codeOf(() => lifecycleTransition('close', client(300, { activationDate: '2025-02-01' }), '2025-01-31')), 'error.msg.client.close.date.cannot.before.client.actived');
    assert.equal(codeOf(() => lifecycleTransition('reject', client(100), '2024-12-31')), 'error.msg.client.rejection.date.cannot.before.client.submitted');
    assert.equal(codeOf(() => lifecycleTransition('withdraw', client(100), '2024-12-31')), 'error.msg.client.withdrawal.date.cannot.before.client.submitted');
    assert.equal(codeOf(() => lifecycleTransition('reactivate', client(600, { closedOnDate: '2025-02-01' }), '2025-01-31')), 'error.msg.client.reactivation.date.cannot.before.client.closed');
    assert.equal(lifecycleTransition('close', client(300, { activationDate: '2025-02-01' }), '2025-02-01'), 600, 'the same day is fine');
  });

  test('input: date and reason required, no future date', () => {
    assert.deepEqual(
      codeOf(() => validateLifecycleInput('close', null, null, '2025-03-01')),
      'validation.msg.client.closureDate.cannot.be.blank',
    );
    assert.equal(codeOf(() => validateLifecycleInput('reject', '2025-03-02', 1, '2025-03-01')), 'validation.msg.client.rejectionDate.cannot.be.a.future.date');
    assert.equal(codeOf(() => validateLifecycleInput('withdraw', '2025-03-01', null, '2025-03-01')), 'validation.msg.client.withdrawalReasonId.cannot.be.blank');
    assert.equal(codeOf(() => validateLifecycleInput('undoRejection', '2025-03-01', undefined, '2025-03-01')), undefined, 'no reason for undo');
  });
});
