import type { Database } from '../platform/database.js';
import type { Tx } from '../kernel/tx.js';
import { errors, Validator } from '../kernel/errors.js';
import { requireStaff, type Actor, type Identity } from '../kernel/identity.js';
import { todayIso } from '../kernel/scalars.js';
import { nextValue } from '../kernel/sequence.js';
import type { OfficeInScope } from './ledger.ports.js';
import { GLClosure } from './ledger.entities.js';
import { lockOfficeForClosure } from './ledger.store.js';
import { LEDGER_CODES } from './codes.js';

export interface GLClosureInput {
  officeId?: number | null;
  closingDate?: string | null;
  comments?: string | null;
}

const closureNotFound = (id: number) => errors.notFound(LEDGER_CODES.glclosureIdInvalid, `Accounting closure with identifier ${id} does not exist`, id);

/** Accounting closures: after one, the office's books up to its date take no new entries. Only writer of ledger.gl_closure. */
export class GLClosureService {
  constructor(
    private readonly db: Database,
    private readonly officeInScope: OfficeInScope,
  ) {}

  async list(identity: Identity, officeId?: number | null): Promise<GLClosure[]> {
    const staff = requireStaff(identity, 'READ_GLCLOSURE');
    return this.db.tx(staff.tenantId, (tx) =>
      tx.em.find(GLClosure, { deleted: false, ...(officeId != null ? { officeId } : {}) }, { orderBy: { closingDate: 'desc', id: 'desc' } }),
    );
  }

  async get(identity: Identity, id: number): Promise<GLClosure> {
    const staff = requireStaff(identity, 'READ_GLCLOSURE');
    return this.db.tx(staff.tenantId, (tx) => this.find(tx, id));
  }

  async create(identity: Identity, input: GLClosureInput): Promise<GLClosure> {
    const actor = requireStaff(identity, 'CREATE_GLCLOSURE');
    return this.db.tx(actor.tenantId, (tx) => this.createCore(tx, actor, input));
  }

  async createCore(tx: Tx, actor: Actor, input: GLClosureInput): Promise<GLClosure> {
    const v = new Validator('glclosure');
    v.required('officeId', input.officeId);
    v.required('closingDate', input.closingDate);
    v.maxLength('comments', input.comments, 500);
    v.throwIfAny();
    if (input.closingDate! > todayIso()) {
      throw errors.domainRule(LEDGER_CODES.glclosureInvalidFutureDate, 'An accounting closure cannot be in the future.', [input.closingDate], 'closingDate');
    }
    if (!(await this.officeInScope(tx, actor, input.officeId!))) {
      throw errors.notFound(LEDGER_CODES.officeIdInvalid, `Office with identifier ${input.officeId} does not exist`, input.officeId);
    }
    // Exclusive per-office lock: postings of this office (shared lock) finish first, later ones see the closure.
    await lockOfficeForClosure(tx, input.officeId!);
    const latest = await tx.em.findOne(GLClosure, { officeId: input.officeId!, deleted: false }, { orderBy: { closingDate: 'desc' } });
    if (latest && input.closingDate! <= latest.closingDate) {
      throw errors.domainRule(LEDGER_CODES.glclosureInvalidAccountingClosed, `Office ${input.officeId} is already closed up to ${latest.closingDate}.`, [latest.closingDate], 'closingDate');
    }
    const closure = Object.assign(new GLClosure(), {
      tenantId: tx.tenantId,
      id: await nextValue(tx, 'glclosure'),
      officeId: input.officeId!,
      closingDate: input.closingDate!,
      comments: input.comments ?? null,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    tx.em.persist(closure);
    await tx.em.flush();
    return closure;
  }

  /** Only the comments of a closure change (Fineract). */
  async update(identity: Identity, id: number, input: GLClosureInput): Promise<{ closure: GLClosure; changes: Record<string, unknown> }> {
    const actor = requireStaff(identity, 'UPDATE_GLCLOSURE');
    return this.db.tx(actor.tenantId, (tx) => this.updateCore(tx, actor, id, input));
  }

  async updateCore(tx: Tx, actor: Actor, id: number, input: GLClosureInput): Promise<{ closure: GLClosure; changes: Record<string, unknown> }> {
    const v = new Validator('glclosure');
    v.maxLength('comments', input.comments, 500);
    if (input.officeId != null) v.fail('officeId', 'cannot.be.changed', 'The office of a closure cannot change.');
    if (input.closingDate != null) v.fail('closingDate', 'cannot.be.changed', 'The date of a closure cannot change.');
    v.throwIfAny();
    const closure = await this.find(tx, id);
    const changes: Record<string, unknown> = {};
    if (input.comments !== undefined && input.comments !== closure.comments) {
      closure.comments = changes.comments = input.comments;
      closure.updatedBy = actor.userId;
      await tx.em.flush();
    }
    return { closure, changes };
  }

  /** Only the latest closure of an office can be deleted (re-opening the most recent period). */
  async delete(identity: Identity, id: number): Promise<GLClosure> {
    const actor = requireStaff(identity, 'DELETE_GLCLOSURE');
    return this.db.tx(actor.tenantId, (tx) => this.deleteCore(tx, actor, id));
  }

  async deleteCore(tx: Tx, actor: Actor, id: number): Promise<GLClosure> {
    const closure = await this.find(tx, id);
    await lockOfficeForClosure(tx, closure.officeId);
    const latest = await tx.em.findOne(GLClosure, { officeId: closure.officeId, deleted: false }, { orderBy: { closingDate: 'desc' } });
    if (latest && latest.id !== closure.id) {
      throw errors.domainRule(LEDGER_CODES.glclosureInvalidDelete, 'Only the latest accounting closure of an office can be deleted.', [id]);
    }
    closure.deleted = true;
    closure.updatedBy = actor.userId;
    await tx.em.flush();
    return closure;
  }

  private async find(tx: Tx, id: number): Promise<GLClosure> {
    const closure = await tx.em.findOne(GLClosure, { id, deleted: false });
    if (!closure) throw closureNotFound(id);
    return closure;
  }
}
