import assert from 'node:assert/strict';
import {
  buildSchema, getNamedType, getNullableType, isEnumType, isInputObjectType, isListType, isObjectType, isScalarType, isSpecifiedScalarType,
  type GraphQLArgument, type GraphQLField, type GraphQLInputType, type GraphQLSchema,
} from 'graphql';
import { after, before, describe, test } from 'node:test';
import { loadOperations } from '../../rest-compat/operations.js';
import { ROUTES } from '../../rest-compat/routes/index.js';
import { CHECKED_INPUT_SCALARS, UNCHECKED_INPUT_SCALARS } from '../../router/scalar-inputs.js';
import { readCommittedSupergraph } from '../../router/supergraph.js';
import { corporateClient, deposit, iso, openAccount, pinBusinessDate, productIds, TODAY, transfer, withdraw } from '../account/support.js';
import { TestService, type HttpResult, type TenantSession } from '../support/service.js';

/** Routes with a body that a staff key reaches (the /self routes answer staff 403 before reading a body; test/self covers their input). */
const STAFF_BODY_ROUTES = ROUTES.filter((r) => (r.body === 'input' || r.body === 'args') && !r.path.startsWith('/self'));

/**
 * Issue 27 point 5's property, and issue 24 item 1's: every Decimal, date, JSON object and locale input,
 * fed generated bad values, is a 4xx with a Fineract code, never a 500; over GraphQL a 400 under
 * application/graphql-response+json whose message names the argument or variable path. The inputs are found in the route table and the supergraph, so a new
 * route or argument is covered without being listed here. Cases come from a seeded generator (no library).
 */

/** mulberry32: a small seeded generator, so a failing case is the same on every run. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(27);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
const digits = (n: number) => Array.from({ length: n }, (_, i) => String(i === 0 ? int(1, 9) : int(0, 9))).join('');

/** Decimal text whose expansion passes 40 digits (or is no decimal at all), as a JSON number's source or a string. */
function badDecimal(): { json: string; value: string } {
  const kind = int(0, 4);
  let text: string;
  if (kind === 0) {
    const mantissa = digits(int(1, 8));
    text = `${mantissa}e${int(41 - mantissa.length, 40)}`; // 1e40, 12345e36: few digits written, more than 40 expanded
  } else if (kind === 1) {
    text = `${int(1, 9)}.${digits(int(1, 5))}e${int(40, 40)}`; // 1.5e40
  } else if (kind === 2) {
    text = `0.${digits(int(1, 3))}e${int(42, 44)}`; // 0.1e41 and beyond
  } else if (kind === 3) {
    text = digits(int(41, 80)); // plainly too many digits
  } else {
    text = `${int(1, 9)}e${pick(['-', '+', ''])}${int(41, 99999)}`;
  }
  if (random() < 0.2) text = `-${text}`;
  const asString = random() < 0.5 || kind === 4;
  return { json: asString ? JSON.stringify(text) : text, value: text };
}

function badDate(): string {
  return pick([
    `2026-${int(13, 99)}-${String(int(1, 28)).padStart(2, '0')}`,
    `2026-02-${int(30, 31)}`,
    `2026-${String(int(1, 12)).padStart(2, '0')}-${int(32, 99)}`,
    `${int(10000, 99999)}-01-01`,
    pick(['abc', '2026/01/01', '20260101', '2026-1-1x', 'yesterday', '--']),
  ]);
}

function badLocale(): string {
  return pick(['en.5', '5', 'e', 'en_', 'en__GB', '!!', 'x'.repeat(int(36, 60)), `en-${'a'.repeat(9)}`, `${pick(['en', 'fr'])}${pick(['.', '/', ' ', '@'])}${int(0, 9)}`]);
}

/** A JSON object input given something else: the JSON text, and the same value as a GraphQL literal. */
function badJsonObject(): { json: string; literal: string } {
  const [json, literal] = pick([['"x"', '"x"'], ['5', '5'], ['[1]', '[1]'], ['true', 'true'], ['"{}"', '"{}"'], ['[{"a":1}]', '[{ a: 1 }]'], ['-1.5e3', '-1.5e3']] as const);
  return { json, literal };
}

type ScalarName = (typeof CHECKED_INPUT_SCALARS)[number];
const isChecked = (name: string): name is ScalarName => (CHECKED_INPUT_SCALARS as readonly string[]).includes(name);
const EXPECTED_CODE: Record<ScalarName, RegExp> = {
  Decimal: /invalid\.decimal\.format/,
  LocalDate: /invalid\.(date|dateFormat)\.format/,
  JSONObject: /invalid\.json\.format/,
};

/** Every path to a custom scalar the edge checks inside an input type (lists entered at index 0, cycles cut). */
function scalarPaths(type: GraphQLInputType, prefix: (string | number)[] = [], seen = new Set<string>()): { path: (string | number)[]; scalar: ScalarName }[] {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return scalarPaths(nullable.ofType, [...prefix, 0], seen);
  if (isScalarType(nullable)) return isChecked(nullable.name) ? [{ path: prefix, scalar: nullable.name }] : [];
  if (!isInputObjectType(nullable) || seen.has(nullable.name)) return [];
  const inner = new Set([...seen, nullable.name]);
  return Object.values(nullable.getFields()).flatMap((f) => scalarPaths(f.type, [...prefix, f.name], inner));
}

/** A JSON text holding `leaf` (already JSON) at `path`. */
function jsonAt(path: readonly (string | number)[], leaf: string): string {
  return path.reduceRight<string>((inner, segment) => (typeof segment === 'number' ? `[${inner}]` : `{${JSON.stringify(segment)}:${inner}}`), leaf);
}

const restName = (path: readonly (string | number)[]) => path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

function codesOf(res: HttpResult): string[] {
  const body = res.body as { userMessageGlobalisationCode?: string; errors?: { userMessageGlobalisationCode?: string; extensions?: { code?: string } }[] } | undefined;
  return [body?.userMessageGlobalisationCode, ...(body?.errors ?? []).flatMap((e) => [e.userMessageGlobalisationCode, e.extensions?.code])].filter((c): c is string => typeof c === 'string');
}

function assertRefused(res: HttpResult, what: string, expected?: RegExp): void {
  assert.ok(res.status >= 400 && res.status < 500, `${what}: ${res.status} ${res.text.slice(0, 300)}`);
  const codes = codesOf(res);
  assert.ok(codes.some((c) => /^(validation|error)\.msg\./.test(c)), `${what}: no Fineract code in ${res.text.slice(0, 300)}`);
  if (expected) assert.ok(codes.some((c) => expected.test(c)), `${what}: expected ${expected} in ${res.text.slice(0, 300)}`);
}

describe('hardening (property): every Decimal, date, JSON object, integer and locale input refuses bad values with a 4xx and a code', () => {
  let service: TestService;
  let t: TenantSession;
  let schema: GraphQLSchema;
  before(async () => {
    service = await TestService.start();
    t = await service.tenant();
    schema = buildSchema(readCommittedSupergraph(), { assumeValidSDL: true });
  });
  after(async () => service.stop());

  /** Each REST route's body fields of type Decimal or LocalDate, with the path filled with id 1. */
  function restInputs() {
    const operations = loadOperations(schema);
    return STAFF_BODY_ROUTES.flatMap((route) => {
      const op = operations.get(route.operation)!;
      const fields = route.body === 'input' ? op.inputFields ?? {} : op.variables;
      const url = `/api/v1${route.path.replace(/:\w+/g, '1')}${route.command ? `?command=${route.command}` : ''}`;
      return Object.entries(fields).flatMap(([name, f]) => scalarPaths(f.type, [name]).map((p) => ({ route, url, ...p })));
    });
  }

  test('REST bodies: decimals past 40 digits, impossible dates and JSON objects that are not, in every field of every route', async () => {
    const inputs = restInputs();
    assert.ok(inputs.filter((i) => i.scalar === 'Decimal').length >= 20, 'the route table has many Decimal fields');
    assert.ok(inputs.filter((i) => i.scalar === 'LocalDate').length >= 20, 'and many date fields');
    assert.ok(inputs.filter((i) => i.scalar === 'JSONObject').length >= 3, 'and JSON objects (hook config, permissions, charges)');
    for (const input of inputs) {
      for (let round = 0; round < 3; round++) {
        const value = input.scalar === 'Decimal' ? badDecimal().json : input.scalar === 'LocalDate' ? JSON.stringify(badDate()) : badJsonObject().json;
        const body = jsonAt(input.path, value);
        const rawBody = input.scalar === 'LocalDate' ? `${body.slice(0, -1)},"dateFormat":"yyyy-MM-dd","locale":"en"}` : body;
        const res = await t.request(input.route.method, input.url, { rawBody });
        assertRefused(res, `${input.route.method} ${input.url} ${restName(input.path)}=${value.slice(0, 60)}`, EXPECTED_CODE[input.scalar]);
      }
    }
  });

  test('REST bodies: a bad locale is refused on every route that takes a body', async () => {
    const routes = STAFF_BODY_ROUTES;
    for (const route of routes) {
      const locale = badLocale();
      const url = `/api/v1${route.path.replace(/:\w+/g, '1')}${route.command ? `?command=${route.command}` : ''}`;
      const res = await t.request(route.method, url, { body: { locale, dateFormat: 'dd MMMM yyyy' }, auth: route.anonymous ? null : t.key });
      assertRefused(res, `${route.method} ${url} locale=${locale}`, /invalid\.locale\.format/);
    }
  });

  test('REST query strings: every date parameter, with generated dates and locales', async () => {
    const queries = [
      ['/journalentries', 'fromDate'], ['/journalentries', 'toDate'],
      ['/runreports/Trial%20Balance', 'R_startDate'], ['/runreports/Balance%20Sheet', 'R_endDate'], ['/runreports/Income%20Statement', 'R_startDate'],
      ['/tellers/1/transactions', 'date'], ['/tellers/1/cashiers/1/transactions', 'date'], ['/tellers/1/cashiers/1/summaryandtransactions', 'date'], ['/cashiers/1/till', 'date'],
    ] as const;
    for (const [path, name] of queries) {
      for (let round = 0; round < 4; round++) {
        const date = badDate();
        assertRefused(await t.get(`${path}?${name}=${encodeURIComponent(date)}`), `${path} ${name}=${date}`);
        const locale = badLocale();
        const res = await t.get(`${path}?${name}=${encodeURIComponent('01 March 2026')}&dateFormat=${encodeURIComponent('dd MMMM yyyy')}&locale=${encodeURIComponent(locale)}`);
        assertRefused(res, `${path} locale=${locale}`, /invalid\.locale\.format/);
      }
    }
  });

  test('GraphQL: every argument holding a Decimal, a date or a JSON object, as a variable and as a literal', async () => {
    const roots = [schema.getQueryType()!, schema.getMutationType()!];
    const cases: { root: 'query' | 'mutation'; field: GraphQLField<unknown, unknown>; arg: GraphQLArgument; path: (string | number)[]; scalar: ScalarName }[] = [];
    for (const root of roots) {
      for (const field of Object.values(root.getFields())) {
        for (const arg of field.args) {
          for (const p of scalarPaths(arg.type)) cases.push({ root: root === roots[0] ? 'query' : 'mutation', field, arg, ...p });
        }
      }
    }
    assert.ok(cases.filter((c) => c.scalar === 'Decimal').length >= 20 && cases.filter((c) => c.scalar === 'LocalDate').length >= 20, 'many arguments');
    assert.ok(cases.filter((c) => c.scalar === 'JSONObject').length >= 3, 'and JSON object arguments');
    // A GraphQL validation error under the GraphQL-over-HTTP media type: 400, with the code and the path.
    const strict = { headers: { accept: 'application/graphql-response+json' } };
    const assertValidationError = (res: HttpResult, scalar: ScalarName, path: string, what: string) => {
      assert.equal(res.status, 400, `${what}: ${res.text.slice(0, 300)}`);
      assert.equal(String(res.headers['content-type']).split(';')[0], 'application/graphql-response+json', what);
      assert.equal(res.body.data, undefined, `${what}: a request error has no data`);
      assert.equal(res.body.errors.length, 1, what);
      assert.match(res.body.errors[0].extensions.code, EXPECTED_CODE[scalar], what);
      assert.ok(res.body.errors[0].message.startsWith(`${path} `), `${what}: the message names ${path}: ${res.body.errors[0].message}`);
    };
    for (const c of cases) {
      // A decimal's or a date's JSON text is also its GraphQL literal (a string, or a number); a JSON object's is not.
      const bad = c.scalar === 'Decimal' ? { json: badDecimal().json } : c.scalar === 'LocalDate' ? { json: JSON.stringify(badDate()) } : badJsonObject();
      const selection = isObjectType(getNamedType(c.field.type)) ? ' { __typename }' : '';
      const fieldPath = c.path.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('');
      const variable = await t.request('POST', '/graphql', {
        rawBody: `{"query":${JSON.stringify(`${c.root}($v: ${String(c.arg.type)}) { ${c.field.name}(${c.arg.name}: $v)${selection} }`)},"variables":{"v":${jsonAt(c.path, bad.json)}}}`,
        ...strict,
      });
      assertValidationError(variable, c.scalar, `$v${fieldPath}`, `${c.field.name}(${c.arg.name}) variable at ${restName(c.path) || '(top)'}: ${bad.json.slice(0, 60)}`);
      // The same value written into the document (strings and numbers alike).
      const literal = literalAt(c.path, 'literal' in bad ? bad.literal : bad.json);
      const res = await t.request('POST', '/graphql', { body: { query: `${c.root} { ${c.field.name}(${c.arg.name}: ${literal})${selection} }` }, ...strict });
      assertValidationError(res, c.scalar, `${c.arg.name}${fieldPath}`, `${c.field.name}(${c.arg.name}) literal ${literal.slice(0, 80)}`);
    }
  });

  test('GraphQL: every built-in scalar and enum position of every argument, fed a value of another kind', async () => {
    /** Values no input of the kind accepts, as JSON (variables) and as GraphQL literals. */
    const wrong: Record<string, [json: string, literal: string][]> = {
      Int: [['"abc"', '"abc"'], ['1.5', '1.5'], ['2147483648', '2147483648'], ['true', 'true'], ['{"a":1}', '{ a: 1 }']],
      Float: [['"abc"', '"abc"'], ['true', 'true'], ['[[1]]', '[[1]]']],
      Boolean: [['"yes"', '"yes"'], ['1', '1'], ['{}', '{}']],
      String: [['5', '5'], ['true', 'true'], ['{"a":"b"}', '{ a: "b" }']],
      ID: [['true', 'true'], ['1.5', '1.5'], ['{}', '{}']],
      enum: [['"NOT_A_VALUE"', 'NOT_A_VALUE'], ['5', '5']],
    };
    const kindOf = (type: GraphQLInputType): string | undefined => {
      const named = getNamedType(type);
      return isEnumType(named) ? 'enum' : isScalarType(named) && isSpecifiedScalarType(named) ? named.name : undefined;
    };
    /** Each built-in scalar or enum leaf of an input type (lists entered at index 0, cycles cut). */
    const leaves = (type: GraphQLInputType, prefix: (string | number)[] = [], seen = new Set<string>()): { path: (string | number)[]; kind: string }[] => {
      const nullable = getNullableType(type);
      if (isListType(nullable)) return leaves(nullable.ofType, [...prefix, 0], seen);
      const kind = kindOf(nullable);
      if (kind) return [{ path: prefix, kind }];
      if (!isInputObjectType(nullable) || seen.has(nullable.name)) return [];
      const inner = new Set([...seen, nullable.name]);
      return Object.values(nullable.getFields()).flatMap((f) => leaves(f.type, [...prefix, f.name], inner));
    };
    const strict = { headers: { accept: 'application/graphql-response+json' } };
    const seenKinds = new Set<string>();
    const roots = [['query', schema.getQueryType()!], ['mutation', schema.getMutationType()!]] as const;
    for (const [root, type] of roots) {
      for (const field of Object.values(type.getFields())) {
        for (const arg of field.args) {
          // A sample: per argument, one position of each kind, its value drawn from the generator.
          const byKind = new Map(leaves(arg.type).map((leaf) => [leaf.kind, leaf]));
          for (const { path, kind } of byKind.values()) {
            seenKinds.add(kind);
            const [json, literal] = pick(wrong[kind]!);
            const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
            const what = `${field.name}(${arg.name}) ${kind} at ${restName(path) || '(top)'} = ${json}`;
            const variable = await t.request('POST', '/graphql', {
              rawBody: `{"query":${JSON.stringify(`${root}($v: ${String(arg.type)}) { ${field.name}(${arg.name}: $v)${selection} }`)},"variables":{"v":${jsonAt(path, json)}}}`,
              ...strict,
            });
            assert.equal(variable.status, 400, `${what} (variable): ${variable.text.slice(0, 300)}`);
            assert.deepEqual(variable.body.errors.map((e: { extensions?: { code?: string } }) => e.extensions?.code), ['BAD_USER_INPUT'], `${what} (variable)`);
            assert.match(variable.body.errors[0].message, /\$v/, what);
            const res = await t.request('POST', '/graphql', { body: { query: `${root} { ${field.name}(${arg.name}: ${literalAt(path, literal)})${selection} }` }, ...strict });
            assert.equal(res.status, 400, `${what} (literal): ${res.text.slice(0, 300)}`);
            // GraphQL's validation, or the edge's limits first (a limit of 2147483648 is past the page size).
            for (const error of res.body.errors) assert.match(error.extensions?.code ?? '', /^(GRAPHQL_VALIDATION_FAILED|error\.msg\.graphql\.)/, `${what} (literal): ${res.text.slice(0, 300)}`);
          }
        }
      }
    }
    // ID and enum inputs are not in the schema yet (closed sets become enums with issue 24 item 3); their values wait for them.
    for (const kind of ['Int', 'Float', 'Boolean', 'String']) assert.ok(seenKinds.has(kind), `some argument takes ${kind}`);
  });

  test('every custom scalar in an input position of the supergraph is one the edge checks', () => {
    const inInputs = new Set<string>();
    const visit = (type: GraphQLInputType, seen: Set<string>) => {
      const named = getNamedType(type);
      if (isScalarType(named) && !isSpecifiedScalarType(named)) inInputs.add(named.name);
      if (isInputObjectType(named) && !seen.has(named.name)) {
        seen.add(named.name);
        for (const f of Object.values(named.getFields())) visit(f.type, seen);
      }
    };
    for (const root of [schema.getQueryType()!, schema.getMutationType()!, schema.getSubscriptionType()!]) {
      for (const field of Object.values(root.getFields())) for (const arg of field.args) visit(arg.type, new Set());
    }
    const known = new Set<string>([...CHECKED_INPUT_SCALARS, ...UNCHECKED_INPUT_SCALARS]);
    assert.deepEqual([...inInputs].filter((name) => !known.has(name)), [], 'every custom scalar in an input is checked, or known to need no check');
    for (const name of CHECKED_INPUT_SCALARS) assert.ok(inInputs.has(name), `${name} is in an input`);
  });

  test('REST query strings: every integer parameter, with generated values that are no 32-bit integer', async () => {
    const queries = [
      ['/clients', 'officeId'], ['/clients', 'staffId'], ['/clients', 'offset'], ['/clients', 'limit'],
      ['/savingsaccounts', 'clientId'], ['/savingsaccounts', 'officeId'], ['/savingsaccounts', 'offset'], ['/savingsaccounts', 'limit'],
      ['/savingsaccounts/1/transactions', 'offset'], ['/savingsaccounts/1/transactions', 'limit'], ['/accounttransfers', 'accountId'],
      ['/glaccounts', 'type'], ['/glaccounts', 'usage'], ['/glclosures', 'officeId'],
      ['/journalentries', 'officeId'], ['/journalentries', 'glAccountId'], ['/journalentries', 'savingsId'], ['/journalentries', 'loanId'], ['/journalentries', 'limit'],
      ['/runreports/Trial%20Balance', 'R_officeId'], ['/runreports/Balance%20Sheet', 'R_officeId'], ['/runreports/Income%20Statement', 'R_officeId'],
      ['/staff', 'officeId'], ['/tellers', 'officeId'], ['/tellers/1/cashiers/1/summaryandtransactions', 'limit'],
      ['/loans', 'officeId'], ['/loans', 'clientId'], ['/loans', 'loanOfficerId'], ['/loans', 'limit'], ['/loans/template', 'productId'],
      ['/approval-policies/queue', 'roleId'],
    ] as const;
    for (const [path, name] of queries) {
      for (let round = 0; round < 3; round++) {
        const value = pick(['abc', '1.5', '1e3', digits(int(11, 30)), '0x10', '--1', `${int(1, 9)},${int(100, 999)}`, '2147483648', 'NaN', 'Infinity']);
        const res = await t.get(`${path}?${name}=${encodeURIComponent(value)}`);
        assert.equal(res.status, 400, `${path} ${name}=${value}: ${res.text.slice(0, 300)}`);
        assertRefused(res, `${path} ${name}=${value}`, /^validation\.msg\.invalid\.integer\.format$/);
      }
    }
  });

  test('amounts that fit 40 digits but not their account are refused too: deposits, withdrawals, transfers, journal entries', async () => {
    await pinBusinessDate(t);
    const { savings } = await productIds(t);
    const client = await corporateClient(t, await t.branch());
    const account = await openAccount(t, client, savings);
    const other = await openAccount(t, client, savings);
    assert.equal((await deposit(t, account, 1000)).status, 200);
    const accounts = await t.get('/glaccounts');
    const gl = new Map<string, number>(accounts.body.map((a: { glCode: string; id: number }) => [a.glCode, a.id]));
    for (let round = 0; round < 12; round++) {
      // 15 digits and more: a 14-digit amount fits numeric(20,6) and a journal entry may rightly post it.
      const amount = pick([`${digits(int(15, 40))}`, `${int(1, 9)}e${int(14, 39)}`, `0.${'0'.repeat(int(6, 30))}${int(1, 9)}`, `${digits(int(1, 5))}.${digits(int(7, 20))}`, `-${digits(int(1, 30))}`]);
      const asNumber = random() < 0.5 ? Number(amount) : amount;
      assertRefused(await deposit(t, account, asNumber), `deposit ${amount}`);
      assertRefused(await withdraw(t, account, asNumber), `withdrawal ${amount}`);
      assertRefused(await transfer(t, account, other, asNumber), `transfer ${amount}`);
      const journal = await t.request('POST', '/api/v1/journalentries', {
        rawBody: `{"officeId":1,"transactionDate":"${TODAY}","currencyCode":"NGN","dateFormat":"${iso.dateFormat}","locale":"en",` +
          `"debits":[{"glAccountId":${gl.get('11101')},"amount":${JSON.stringify(amount)}}],"credits":[{"glAccountId":${gl.get('31101')},"amount":${JSON.stringify(amount)}}]}`,
      });
      assertRefused(journal, `journal entry ${amount}`);
    }
    const summary = (await t.get(`/savingsaccounts/${account}`)).body.summary;
    assert.equal(summary.accountBalance, 1000, 'nothing moved');
  });

  test('products and policies: every decimal field with a number that fits 40 digits but not its column', async () => {
    const savings = { name: 'P', shortName: 'P', currencyCode: 'NGN', digitsAfterDecimal: 2, accountType: 'SAVINGS', nominalAnnualInterestRate: 3.5, minRequiredBalance: 100, overdraftLimit: 0, locale: 'en' };
    const loan = {
      name: 'L', shortName: 'L', currencyCode: 'NGN', digitsAfterDecimal: 2, principal: 50000, minPrincipal: 10000, maxPrincipal: 200000,
      numberOfRepayments: 10, repaymentEvery: 1, repaymentFrequencyType: 1, interestRatePerPeriod: 24, interestRateFrequencyType: 3, amortizationType: 1,
      interestType: 1, interestCalculationPeriodType: 1, transactionProcessingStrategyCode: 'mifos-standard-strategy', daysInYearType: 1, daysInMonthType: 1,
      accountingRule: 2, locale: 'en',
    };
    const policy = { name: 'Policy', tiers: [{ minAmount: 0, maxAmount: 10, approvals: [{ roleId: 320007, count: 1 }] }, { minAmount: 10, approvals: [{ roleId: 320007, count: 1 }] }] };
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['/savingsproducts', savings, ['nominalAnnualInterestRate', 'minRequiredBalance', 'overdraftLimit']],
      ['/loanproducts', loan, ['principal', 'minPrincipal', 'maxPrincipal', 'interestRatePerPeriod']],
    ];
    for (let round = 0; round < 4; round++) {
      for (const [path, body, fields] of cases) {
        for (const field of fields) {
          const value = pick([digits(int(4, 40)), `${int(1, 9)}e${int(3, 39)}`, `${digits(int(1, 3))}.${digits(int(7, 30))}`]);
          const n = `${round}${field.slice(0, 3)}${int(0, 1e6)}`;
          const res = await t.request('POST', `/api/v1${path}`, { rawBody: JSON.stringify({ ...body, name: `P${n}`, shortName: n.slice(-4), [field]: value }) });
          assert.ok(res.status === 200 || (res.status >= 400 && res.status < 500 && codesOf(res).length > 0), `${path} ${field}=${value}: ${res.status} ${res.text.slice(0, 300)}`);
        }
      }
      const amount = pick([digits(int(15, 40)), `${int(1, 9)}e${int(15, 39)}`]);
      const res = await t.request('POST', '/api/v1/approval-policies', { rawBody: JSON.stringify({ ...policy, name: `Policy ${round}`, tiers: [{ ...policy.tiers[0], maxAmount: amount }, { ...policy.tiers[1], minAmount: amount }] }) });
      assert.ok(res.status === 200 || (res.status >= 400 && res.status < 500 && codesOf(res).length > 0), `policy ${amount}: ${res.status} ${res.text.slice(0, 300)}`);
    }
  });
});

/** A GraphQL literal holding `leaf` at `path`. */
function literalAt(path: readonly (string | number)[], leaf: string): string {
  return path.reduceRight<string>((inner, segment) => (typeof segment === 'number' ? `[${inner}]` : `{ ${segment}: ${inner} }`), leaf);
}
