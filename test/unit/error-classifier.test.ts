import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GraphQLError } from 'graphql';
import { fromGraphQLErrors } from '../../rest-compat/envelope.js';
import { classifyError, errors, PlatformError } from '../../subgraphs/kernel/errors.js';

describe('the one error classifier', () => {
  test('a PlatformError is known by its kind, whatever its code looks like', () => {
    assert.deepEqual(classifyError(errors.notFound('error.msg.office.id.invalid', 'No office.', 9)), {
      kind: 'platform', status: 404, code: 'error.msg.resource.not.found',
      errors: [{ code: 'error.msg.office.id.invalid', message: 'No office.', parameterName: 'id', args: [9] }],
    });
    // Its JSON form (after the gateway) classifies the same way.
    const formatted = JSON.parse(JSON.stringify(new PlatformError('conflict', 'Busy.', []).toJSON())) as { message: string; extensions: Record<string, unknown> };
    assert.equal(classifyError(formatted).kind, 'platform');
    // A dotted code is not enough: the old heuristic would have shown this as the caller's error.
    assert.equal(classifyError({ message: 'x', extensions: { code: 'some.library.code', status: 400 } }).kind, 'internal');
  });

  test("GraphQL's verdicts on a request are the caller's; a crash underneath or an unreachable subgraph is not", () => {
    assert.equal(classifyError({ message: 'Variable "$id" got invalid value "x"' }).kind, 'request');
    assert.equal(classifyError({ message: 'bad', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }).kind, 'request');
    assert.equal(classifyError({ message: 'bad', extensions: { http: { status: 400 } } }).kind, 'request');
    assert.equal(classifyError(new GraphQLError('boom', { originalError: new TypeError('x is undefined') })).kind, 'internal');
    assert.equal(classifyError({ message: 'boom', extensions: { serviceName: 'ledger' } }).kind, 'internal');
    assert.equal(classifyError({ message: 'down', extensions: { code: 'SUBREQUEST_HTTP_ERROR' } }).kind, 'unavailable');
    assert.equal(classifyError({ message: 'oops', extensions: { code: 'INTERNAL_SERVER_ERROR' } }).kind, 'internal');
  });
});

describe('the REST envelope of GraphQL errors', () => {
  test('coercion errors name the REST field, never the variable or GraphQL texts, one item per error', () => {
    const { status, body } = fromGraphQLErrors([
      { message: 'Variable "$input" got invalid value 99999999999 at "input.officeId"; Int cannot represent non 32-bit signed integer value: 99999999999' },
      { message: 'Variable "$input" got invalid value "x" at "input.credits[0].glAccountId"; Int cannot represent non-integer value: "x"' },
      { message: 'Variable "$limit" got invalid value 99999999999; Int cannot represent non 32-bit signed integer value: 99999999999' },
    ], true);
    assert.equal(status, 400);
    assert.deepEqual(body.errors.map((e) => e.parameterName), ['officeId', 'credits[0].glAccountId', 'limit']);
    assert.doesNotMatch(JSON.stringify(body), /\$|Variable|32-bit|input\./);
  });

  test('platform errors keep status and codes; anything else is a bare 500', () => {
    const forbidden = fromGraphQLErrors([errors.forbidden()]);
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.userMessageGlobalisationCode, 'error.msg.not.authorized');
    const crash = fromGraphQLErrors([{ message: 'connect ECONNREFUSED 127.0.0.1:4005', extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
    assert.equal(crash.status, 500);
    assert.doesNotMatch(JSON.stringify(crash.body), /ECONNREFUSED|127\.0/);
  });
});
