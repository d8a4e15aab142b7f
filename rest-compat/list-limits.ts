import { getNullableType, isInputObjectType, isListType, type GraphQLInputType } from 'graphql';

/**
 * The longest list each input accepts, checked before anything walks the list's items (REST bodies in
 * `rest-handler.ts`, GraphQL variables and literals in `router/scalar-inputs.ts`). A body of 100,000
 * journal lines used to be walked item by item, and its errors compared with each other, before anything
 * refused it: seconds to minutes of one process's only thread. Keys are `InputType.field`; any other list
 * (inside a JSON object field, an argument, a field the input does not have) takes DEFAULT_MAX_LIST_LENGTH.
 * The README's limits section lists them.
 */
export const MAX_LIST_LENGTH: Readonly<Record<string, number>> = {
  'CreateJournalEntryInput.credits': 200,
  'CreateJournalEntryInput.debits': 200,
  'ClientSearchInput.sorts': 10,
  'CreateSavingsAccountInput.charges': 50,
  'LoanScheduleInput.charges': 50,
  'LoanScheduleInput.collateral': 50,
  'LoanScheduleInput.disbursementData': 50,
  'LoanApplicationInput.charges': 50,
  'LoanApplicationInput.collateral': 50,
  'LoanApplicationInput.disbursementData': 50,
  'UpdateLoanApplicationInput.charges': 50,
  'UpdateLoanApplicationInput.collateral': 50,
  'UpdateLoanApplicationInput.disbursementData': 50,
  'CreateApprovalPolicyInput.tiers': 20,
  'UpdateApprovalPolicyInput.tiers': 20,
  'ApprovalTierInput.approvals': 20,
  'CreateDelinquencyBucketInput.ranges': 50,
  'UpdateDelinquencyBucketInput.ranges': 50,
  'CreateUserInput.roles': 50,
  'UpdateUserInput.roles': 50,
  'CreateHookInput.events': 200,
  'UpdateHookInput.events': 200,
  'GroupingInput.clientMembers': 100,
  'GroupingInput.groupMembers': 100,
  'ClientMembersInput.clientMembers': 100,
  'GroupMembersInput.groupMembers': 100,
  // A sheet's lines: the groups module also caps all of them together at 500 (MAX_SHEET_LINES).
  'SaveCollectionSheetInput.bulkRepaymentTransactions': 500,
  'SaveCollectionSheetInput.bulkSavingsDueTransactions': 500,
  'SaveCollectionSheetInput.bulkDisbursementTransactions': 500,
};

/** Every other list: ISO 4217's currencies (`PUT /currencies`) are about 180. */
export const DEFAULT_MAX_LIST_LENGTH = 200;

/**
 * Field errors collected for one request, at most: past it the answer is already 400 and says that there
 * were more. Bounds the work of a body whose every item is wrong (the answer itself lists 50).
 */
export const MAX_COLLECTED_ERRORS = 1_000;

export interface OversizedList {
  /** The list's place without indices (`debits`, `tiers.approvals`): the `<param>` of the code. */
  param: string;
  max: number;
}

/**
 * The first list in `value` longer than it may be, walked iteratively alongside `type` where the value
 * follows the input's shape (and with the default cap where it does not). Each list's length is read
 * before its items are queued, so a refused list is never walked.
 */
export function oversizedList(value: unknown, type: GraphQLInputType | undefined, param = ''): OversizedList | undefined {
  const pending: [unknown, GraphQLInputType | undefined, string, number][] = [[value, type, param, DEFAULT_MAX_LIST_LENGTH]];
  while (pending.length > 0) {
    const [item, itemType, path, max] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    const nullable = itemType && getNullableType(itemType);
    if (Array.isArray(item)) {
      if (item.length > max) return { param: path, max };
      const of = nullable && isListType(nullable) ? (nullable.ofType as GraphQLInputType) : undefined;
      for (const child of item) pending.push([child, of, path, DEFAULT_MAX_LIST_LENGTH]);
      continue;
    }
    const owner = nullable && isInputObjectType(nullable) ? nullable : undefined;
    const fields = owner?.getFields();
    for (const [key, child] of Object.entries(item)) {
      pending.push([child, fields?.[key]?.type, path ? `${path}.${key}` : key, maxListLength(owner?.name, key)]);
    }
  }
  return undefined;
}

/** The cap of a list held by `owner`'s field `field` (an input object type's name), for walks that follow the type. */
export const maxListLength = (owner: string | undefined, field: string | undefined): number =>
  (owner !== undefined && field !== undefined && MAX_LIST_LENGTH[`${owner}.${field}`]) || DEFAULT_MAX_LIST_LENGTH;

/** No list of any input may be longer than this: the largest of the caps. */
export const LONGEST_LIST = Math.max(DEFAULT_MAX_LIST_LENGTH, ...Object.values(MAX_LIST_LENGTH));

/**
 * The first list in a JSON text longer than LONGEST_LIST, read from the text itself before it is parsed:
 * parsing 100,000 items with the number-keeping reviver took about a second of the process's thread,
 * while this scan reads each character once and builds nothing. Keys are tracked so the refusal names the
 * list (`debits`, `tiers.approvals`). Text that is no JSON is scanned all the same and left to the parser.
 */
export function oversizedListInText(text: string): string | undefined {
  // One frame per open bracket: an array counts its commas, an object remembers its current key.
  const frames: { array: boolean; commas: number; key: string }[] = [];
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) !== 0x22) end += text.charCodeAt(end) === 0x5c /* \ */ ? 2 : 1;
      const top = frames.at(-1);
      if (top && !top.array && expectingKey) {
        const raw = text.slice(i, end + 1);
        try {
          top.key = JSON.parse(raw) as string;
        } catch {
          top.key = raw.slice(1, -1);
        }
        expectingKey = false;
      }
      i = end;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      frames.push({ array: c === 0x5b, commas: 0, key: '' });
      expectingKey = c === 0x7b;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      frames.pop();
      expectingKey = false;
    } else if (c === 0x2c /* , */) {
      const top = frames.at(-1);
      // LONGEST_LIST commas: one item more than any list may hold.
      if (top?.array && ++top.commas >= LONGEST_LIST) return frames.filter((f) => !f.array && f.key !== '').map((f) => f.key).join('.');
      if (top && !top.array) expectingKey = true;
    }
  }
  return undefined;
}

/**
 * The cap of the list at `param` (`debits`, `tiers.approvals`) below `type`, or below the variable its
 * first key names in `variables` (an operation whose body spreads over its arguments).
 */
export function capAt(param: string, type: GraphQLInputType | undefined, variables?: Record<string, { type: GraphQLInputType }>): number {
  const keys = param.split('.');
  let current = type;
  if (variables) current = variables[keys.shift() ?? '']?.type;
  let owner: string | undefined;
  let field: string | undefined;
  for (const key of keys) {
    let nullable = current && getNullableType(current);
    while (nullable && isListType(nullable)) nullable = getNullableType(nullable.ofType as GraphQLInputType);
    if (!nullable || !isInputObjectType(nullable)) return DEFAULT_MAX_LIST_LENGTH;
    owner = nullable.name;
    field = key;
    current = nullable.getFields()[key]?.type;
  }
  return maxListLength(owner, field);
}
