import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { isUniqueViolation } from '../kernel/db-errors.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { nextValue } from '../kernel/sequence.js';
import { Code, CodeValue } from './code.entity.js';
import { ORGANISATION_CODES } from './codes.js';
import { codeNameTaken, codeValueLabelTaken, isValueOfCode } from './store/codes.store.js';

export interface CodeInput {
  name?: string | null;
}

export interface CodeValueInput {
  name?: string | null;
  position?: number | null;
  description?: string | null;
  isActive?: boolean | null;
  isMandatory?: boolean | null;
}

export const codeNotFound = (id: number) => errors.notFound(ORGANISATION_CODES.codeIdentifierNotFound, `Code with identifier ${id} does not exist`, id);
export const codeValueNotFound = (id: number) => errors.notFound(ORGANISATION_CODES.codevalueIdInvalid, `Code value with identifier ${id} does not exist`, id);

const duplicateName = (name: string) => errors.duplicate(ORGANISATION_CODES.codeDuplicateName, `A code with name '${name}' already exists`, 'name', name);
const duplicateLabel = (name: string) => errors.duplicate(ORGANISATION_CODES.codeValueDuplicateLabel, `A code value with label '${name}' already exists`, 'name', name);
const inUse = (value: CodeValue) => errors.domainRule(ORGANISATION_CODES.codevalueInUse, `The code value ${value.name} is in use and cannot be deleted.`, [value.id], 'id');
const systemDefined = (code: Code) => errors.domainRule(ORGANISATION_CODES.codeSystemdefined, `The code ${code.name} is system defined and cannot be changed or deleted.`, [code.id], 'id');

/** Whether a code value is referenced by another module's records (a client's gender...), inside the caller's transaction. */
export type CodeValueInUse = (tx: Tx, valueId: number) => Promise<boolean>;

/** Codes and their values (Fineract /codes). The only writer of organisation.code and organisation.code_value. */
export class CodeService {
  private readonly inUseChecks: CodeValueInUse[] = [];

  constructor(private readonly db: Database) {}

  /** Modules whose records hold code value ids register here, so a value in use is never deleted under them. */
  addInUseCheck(check: CodeValueInUse): void {
    this.inUseChecks.push(check);
  }

  // ---- codes ---------------------------------------------------------------------------------

  async list(identity: Identity): Promise<Code[]> {
    const staff = requireStaff(identity, 'READ_CODE');
    return this.db.tx(staff.tenantId, (tx) => tx.em.find(Code, {}, { orderBy: { id: 'asc' } }));
  }

  async get(identity: Identity, id: number): Promise<Code> {
    const staff = requireStaff(identity, 'READ_CODE');
    return this.db.tx(staff.tenantId, (tx) => this.find(tx, id));
  }

  async create(identity: Identity, input: CodeInput): Promise<Code> {
    const actor = requireStaff(identity, 'CREATE_CODE');
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, input));
  }

  async createCore(tx: Tx, actor: Actor, input: CodeInput): Promise<Code> {
    validateName('code', input.name);
    const name = input.name!.trim();
    await this.assertNameFree(tx, name, null);
    const code = Object.assign(new Code(), { tenantId: tx.tenantId, id: await nextValue(tx, 'code'), name, systemDefined: false });
    code.createdBy = code.updatedBy = actor.userId;
    tx.em.persist(code);
    await flushUnique(tx, 'code_name', () => duplicateName(name));
    return code;
  }

  async update(identity: Identity, id: number, input: CodeInput): Promise<{ code: Code; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_CODE');
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, id, input));
  }

  async updateCore(tx: Tx, actor: Actor, id: number, input: CodeInput): Promise<{ code: Code; changes: Record<string, unknown> }> {
    if (input.name !== undefined) validateName('code', input.name);
    const code = await this.find(tx, id);
    const changes: Record<string, unknown> = {};
    const name = input.name?.trim();
    if (name && name !== code.name) {
      if (code.systemDefined) throw systemDefined(code);
      await this.assertNameFree(tx, name, code.id);
      code.name = changes.name = name;
      code.updatedBy = actor.userId;
      await flushUnique(tx, 'code_name', () => duplicateName(name));
    }
    return { code, changes };
  }

  /** Deletes a code the institution created, with its values. */
  async delete(identity: Identity, id: number): Promise<Code> {
    const actor = requireStaff(identity, 'DELETE_CODE');
    return this.db.tx(actor.tenantId, (tx) => this.deleteCore(tx, actor, id));
  }

  async deleteCore(tx: Tx, _actor: Actor, id: number): Promise<Code> {
    const code = await this.find(tx, id);
    if (code.systemDefined) throw systemDefined(code);
    for (const value of await tx.em.find(CodeValue, { codeId: id }, { orderBy: { id: 'asc' } })) await this.assertNotInUse(tx, value);
    await tx.em.nativeDelete(CodeValue, { codeId: id });
    tx.em.remove(code);
    await tx.em.flush();
    return code;
  }

  // ---- values --------------------------------------------------------------------------------

  async values(identity: Identity, codeId: number): Promise<CodeValue[]> {
    const staff = requireStaff(identity, 'READ_CODEVALUE');
    return this.db.tx(staff.tenantId, async (tx) => {
      await this.find(tx, codeId);
      return tx.em.find(CodeValue, { codeId }, { orderBy: { position: 'asc', id: 'asc' } });
    });
  }

  /** The active values of the code of that name (none for an unknown code): the option lists of Fineract's templates. */
  async activeValuesOfCode(identity: Identity, codeName: string): Promise<CodeValue[]> {
    const staff = requireStaff(identity, 'READ_CODEVALUE');
    return this.db.tx(staff.tenantId, (tx) => this.activeValuesOfCodeCore(tx, codeName));
  }

  /** Inside the caller's transaction, for another module's template (the loan reschedule reasons). */
  async activeValuesOfCodeCore(tx: Tx, codeName: string): Promise<CodeValue[]> {
    const code = await tx.em.findOne(Code, { name: codeName });
    return code ? tx.em.find(CodeValue, { codeId: code.id, isActive: true }, { orderBy: { position: 'asc', id: 'asc' } }) : [];
  }

  async value(identity: Identity, codeId: number, id: number): Promise<CodeValue> {
    const staff = requireStaff(identity, 'READ_CODEVALUE');
    return this.db.tx(staff.tenantId, (tx) => this.findValue(tx, codeId, id));
  }

  async createValue(identity: Identity, codeId: number, input: CodeValueInput): Promise<CodeValue> {
    const actor = requireStaff(identity, 'CREATE_CODEVALUE');
    return this.db.tx(actor.tenantId, (tx) => this.createValueCore(tx, actor, codeId, input));
  }

  async createValueCore(tx: Tx, actor: Actor, codeId: number, input: CodeValueInput): Promise<CodeValue> {
    validateValue(input, true);
    await this.find(tx, codeId);
    const name = input.name!.trim();
    await this.assertLabelFree(tx, codeId, name, null);
    const value = Object.assign(new CodeValue(), {
      tenantId: tx.tenantId,
      id: await nextValue(tx, 'code_value'),
      codeId,
      name,
      position: input.position ?? 0,
      description: input.description ?? null,
      isActive: input.isActive ?? true,
      isMandatory: input.isMandatory ?? false,
    });
    value.createdBy = value.updatedBy = actor.userId;
    tx.em.persist(value);
    await flushUnique(tx, 'code_value_name', () => duplicateLabel(name));
    return value;
  }

  async updateValue(identity: Identity, codeId: number, id: number, input: CodeValueInput): Promise<{ value: CodeValue; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_CODEVALUE');
    return this.db.tx(actor.tenantId, (tx) => this.updateValueCore(tx, actor, codeId, id, input));
  }

  async updateValueCore(tx: Tx, actor: Actor, codeId: number, id: number, input: CodeValueInput): Promise<{ value: CodeValue; changes: Record<string, unknown> }> {
    validateValue(input, false);
    const value = await this.findValue(tx, codeId, id);
    const changes: Record<string, unknown> = {};
    const name = input.name?.trim();
    if (name && name !== value.name) {
      await this.assertLabelFree(tx, codeId, name, id);
      value.name = changes.name = name;
    }
    if (input.position != null && input.position !== value.position) value.position = changes.position = input.position;
    if (input.description !== undefined && input.description !== value.description) value.description = changes.description = input.description;
    if (input.isActive != null && input.isActive !== value.isActive) value.isActive = changes.isActive = input.isActive;
    if (input.isMandatory != null && input.isMandatory !== value.isMandatory) value.isMandatory = changes.isMandatory = input.isMandatory;
    if (Object.keys(changes).length > 0) {
      value.updatedBy = actor.userId;
      await flushUnique(tx, 'code_value_name', () => duplicateLabel(name ?? value.name));
    }
    return { value, changes };
  }

  async deleteValue(identity: Identity, codeId: number, id: number): Promise<CodeValue> {
    const actor = requireStaff(identity, 'DELETE_CODEVALUE');
    return this.db.tx(actor.tenantId, (tx) => this.deleteValueCore(tx, actor, codeId, id));
  }

  async deleteValueCore(tx: Tx, _actor: Actor, codeId: number, id: number): Promise<CodeValue> {
    const value = await this.findValue(tx, codeId, id);
    await this.assertNotInUse(tx, value);
    tx.em.remove(value);
    await tx.em.flush();
    return value;
  }

  // ---- ports for other modules ---------------------------------------------------------------

  /** Inside the caller's transaction: the value when it belongs to the code of that name, otherwise null. */
  async valueOfCode(tx: Tx, codeName: string, valueId: number): Promise<CodeValue | null> {
    return (await isValueOfCode(tx, codeName, valueId)) ? tx.em.findOne(CodeValue, { id: valueId }) : null;
  }

  /** For read models (a page of clients' gender and type): one query for a batch of ids. */
  async valuesByIds(tenantId: string, ids: readonly number[]): Promise<Map<number, CodeValue>> {
    const found = await this.db.tx(tenantId, (tx) => tx.em.find(CodeValue, { id: { $in: [...ids] } }));
    return new Map(found.map((v) => [v.id, v]));
  }

  // ---- helpers -------------------------------------------------------------------------------

  private async find(tx: Tx, id: number): Promise<Code> {
    const code = await tx.em.findOne(Code, { id });
    if (!code) throw codeNotFound(id);
    return code;
  }

  private async findValue(tx: Tx, codeId: number, id: number): Promise<CodeValue> {
    await this.find(tx, codeId);
    const value = await tx.em.findOne(CodeValue, { id, codeId });
    if (!value) throw codeValueNotFound(id);
    return value;
  }

  private async assertNotInUse(tx: Tx, value: CodeValue): Promise<void> {
    for (const check of this.inUseChecks) if (await check(tx, value.id)) throw inUse(value);
  }

  private async assertNameFree(tx: Tx, name: string, exceptId: number | null): Promise<void> {
    if (await codeNameTaken(tx, name, exceptId)) throw duplicateName(name);
  }

  private async assertLabelFree(tx: Tx, codeId: number, name: string, exceptId: number | null): Promise<void> {
    if (await codeValueLabelTaken(tx, codeId, name, exceptId)) throw duplicateLabel(name);
  }
}

function validateName(resource: string, name: string | null | undefined): void {
  const v = new Validator(resource);
  if (v.required('name', name)) v.maxLength('name', name, 100);
  v.throwIfAny();
}

function validateValue(input: CodeValueInput, creating: boolean): void {
  const v = new Validator('code.value');
  if (creating || input.name !== undefined) {
    if (v.required('name', input.name)) v.maxLength('name', input.name, 100);
  }
  v.maxLength('description', input.description, 500);
  if (input.position != null) v.check(Number.isInteger(input.position) && input.position >= 0, 'position', 'not.zero.or.greater', 'The parameter `position` must be zero or greater.', input.position);
  v.throwIfAny();
}

/** A concurrent request that took the same name after our check loses with the same 403. */
async function flushUnique(tx: Tx, index: string, duplicate: () => Error): Promise<void> {
  try {
    await tx.em.flush();
  } catch (error) {
    if (isUniqueViolation(error, index)) throw duplicate();
    throw error;
  }
}
