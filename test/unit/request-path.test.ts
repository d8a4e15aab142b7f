import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { edgeContext } from '../../router/gateway.js';
import { traceIdOf } from '../../router/trace.js';
import { isValidLocale } from '../../subgraphs/kernel/fineract-dates.js';
import { SUBSCRIPTION_AUDIENCE, verifyIdentity, type Identity } from '../../subgraphs/kernel/identity.js';
import { calendarDate } from '../../subgraphs/organisation/business-date.service.js';

/** What the request path now remembers or defers (docs/performance.md, "Profile of the REST cash deposit") answers as before. */
describe('the request path without per-request waste', () => {
  test('calendarDate agrees with a fresh formatter at every instant, across midnights, odd offsets and DST changes', () => {
    const zones = ['Africa/Lagos', 'Asia/Kathmandu', 'Asia/Kolkata', 'America/St_Johns', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];
    const fresh = (zone: string, at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
    // Each zone's local midnight (and a DST change) falls inside this walk; instants go forwards and back.
    const start = Date.UTC(2026, 2, 28, 0, 0, 0);
    for (const zone of zones) {
      for (let i = 0; i < 2000; i++) {
        const at = start + Math.floor(((i * 7919) % 2000) / 2000 * 3 * 86_400_000) + (i % 3) * 59_999;
        assert.equal(calendarDate(zone, new Date(at)), fresh(zone, at), `${zone} at ${new Date(at).toISOString()}`);
      }
    }
  });

  test('calendarDate turns the day at the zone\'s midnight to the millisecond, within a minute it has already answered', () => {
    // Lagos is UTC+1: midnight is 23:00 UTC. Kathmandu is UTC+5:45: midnight is 18:15 UTC.
    assert.equal(calendarDate('Africa/Lagos', new Date('2026-11-25T22:59:00.000Z')), '2026-11-25');
    assert.equal(calendarDate('Africa/Lagos', new Date('2026-11-25T22:59:59.999Z')), '2026-11-25');
    assert.equal(calendarDate('Africa/Lagos', new Date('2026-11-25T23:00:00.000Z')), '2026-11-26');
    assert.equal(calendarDate('Africa/Lagos', new Date('2026-11-25T22:59:30.000Z')), '2026-11-25');
    assert.equal(calendarDate('Asia/Kathmandu', new Date('2026-11-25T18:14:59.999Z')), '2026-11-25');
    assert.equal(calendarDate('Asia/Kathmandu', new Date('2026-11-25T18:15:00.000Z')), '2026-11-26');
    assert.throws(() => calendarDate('Africa/Lagos', new Date(Number.NaN)), RangeError);
  });

  test('isValidLocale answers the same the first time and every time after', () => {
    for (let round = 0; round < 2; round++) {
      for (const locale of ['en', 'en_GB', 'fr-CI', 'de', 'sw_KE']) assert.equal(isValidLocale(locale), true, locale);
      for (const locale of ['!!', 'en.5', '', 'e', 'x'.repeat(40), 'en__GB']) assert.equal(isValidLocale(locale), false, locale);
    }
  });

  test('a trace id is 32 lower-case hex digits, fresh each time (past the pool\'s refill too), or the caller\'s', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const id = traceIdOf(undefined);
      assert.match(id, /^[0-9a-f]{32}$/);
      ids.add(id);
    }
    assert.equal(ids.size, 1000);
    assert.equal(traceIdOf('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'), '4bf92f3577b34da6a3ce929d0e0e4736');
  });

  test('the edge context signs the subscription identity when it is read, and takes assigned values as plain fields did', () => {
    const identity: Identity = { kind: 'staff', tenantId: 'default', userId: 1, username: 'mifos', officeId: 1, officeHierarchy: '.', staffId: null, roleIds: [1], permissions: ['ALL_FUNCTIONS'] };
    const key = 'k'.repeat(64);
    const context = edgeContext(identity, key, 'request-1');
    assert.deepEqual(verifyIdentity(context.cbsWsIdentity, context.cbsWsSignature, key, SUBSCRIPTION_AUDIENCE, ''), identity);
    // The same signature on every read, and in a copy (the gateway's context building copies and assigns back).
    const copy = { ...context };
    assert.equal(copy.cbsWsIdentity, context.cbsWsIdentity);
    assert.equal(copy.cbsWsSignature, context.cbsWsSignature);
    Object.assign(context, copy);
    assert.equal(context.cbsWsIdentity, copy.cbsWsIdentity);
    context.cbsWsIdentity = 'other';
    context.cbsWsSignature = 'signature';
    assert.equal(context.cbsWsIdentity, 'other');
    assert.equal(context.cbsWsSignature, 'signature');
  });
});
