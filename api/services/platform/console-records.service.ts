// Writes of a console resource that needs no domain service of its own (templates, shops, a lead's
// notification state, an offer's fields): one retrying transaction that locks the row inside the
// caller's scope, checks the references, stores the declared fields (JSON keys merged into their
// column), runs the resource's afterChange (counters) and writes the audit entry. It answers 2xx
// with everything stored, or fails with nothing stored.
import type { Model, ModelStatic, Transaction, WhereOptions } from 'sequelize';
import { retryingTransaction } from './retry-transaction.js';
import { audit } from './audit.service.js';
import { invalid, notFound } from '../../lib/errors.js';
import { models } from '../../../models/index.js';
import { resourceByName, type ResourceDecl } from '../../../models/resources/index.js';

export interface RecordWrite {
  decl: ResourceDecl;
  model: ModelStatic<Model>;
  actorId: string;
  now: Date;
  /** Rows the caller may write: column IN ids (null: every row). */
  scope: null | { column: string; ids: string[] };
  afterChange?: (t: Transaction, row: Record<string, unknown>, before: Record<string, unknown> | null) => Promise<void>;
  beforeUpdate?: (data: Record<string, unknown>, before: Record<string, unknown>, now: Date) => Record<string, unknown>;
}

/** Declared fields as columns: plain fields by column, JSON keys merged into their column's object. */
function toColumns(w: RecordWrite, data: Record<string, unknown>, current: Record<string, unknown> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [source, value] of Object.entries(data)) {
    const f = w.decl.fields.find((x) => x.source === source);
    if (!f) continue;
    if (f.from && 'json' in f.from) {
      const column = f.from.json;
      const base = (out[column] as Record<string, unknown> | undefined) ?? { ...((current?.[column] as Record<string, unknown> | null) ?? {}) };
      out[column] = { ...base, [source]: value };
    } else if (!f.from) {
      out[f.column ?? source] = value;
    }
  }
  return out;
}

/** Every reference the write sets must point to an existing record (400 with that field otherwise). */
async function checkReferences(w: RecordWrite, data: Record<string, unknown>, t: Transaction): Promise<void> {
  for (const f of w.decl.fields) {
    if (f.type !== 'reference' || data[f.source] === undefined || data[f.source] === null || !f.reference) continue;
    const target = (models as Record<string, ModelStatic<Model>>)[resourceByName(f.reference)?.model ?? ''];
    if (target && !(await target.count({ where: { id: data[f.source] } as WhereOptions, transaction: t }))) {
      throw invalid('invalid_field', 'validation_error', { field: f.source });
    }
  }
}

function scopeWhere(w: RecordWrite, id: string | number): WhereOptions {
  return { id, ...(w.decl.base ?? {}), ...(w.scope ? { [w.scope.column]: w.scope.ids } : {}) } as WhereOptions;
}

const plain = (row: Model) => row.get({ plain: true }) as Record<string, unknown>;

export async function createRecord(w: RecordWrite, data: Record<string, unknown>): Promise<string | number> {
  return retryingTransaction(async (t) => {
    await checkReferences(w, data, t);
    const row = await w.model.create({ ...(w.decl.base ?? {}), ...toColumns(w, data, null), created_at: w.now } as never, { transaction: t });
    const after = plain(row);
    await w.afterChange?.(t, after, null);
    await audit(t, { actorId: w.actorId, action: 'create', resource: w.decl.name, recordId: after.id as string, before: null, after: data, at: w.now });
    return after.id as string | number;
  });
}

export async function updateRecord(w: RecordWrite, id: string, data: Record<string, unknown>): Promise<void> {
  await retryingTransaction(async (t) => {
    const row = await w.model.findOne({ where: scopeWhere(w, id), transaction: t, lock: t.LOCK.UPDATE });
    if (!row) throw notFound();
    const current = plain(row);
    await checkReferences(w, data, t);
    const extra = w.beforeUpdate?.(data, current, w.now) ?? {};
    const columns = { ...toColumns(w, data, current), ...extra };
    const before = Object.fromEntries(Object.keys(columns).map((k) => [k, current[k] ?? null]));
    await row.update(columns, { transaction: t });
    await w.afterChange?.(t, plain(row), current);
    await audit(t, { actorId: w.actorId, action: 'update', resource: w.decl.name, recordId: id, before, after: { ...data, ...extra }, at: w.now });
  });
}

export async function deleteRecord(w: RecordWrite, id: string): Promise<void> {
  await retryingTransaction(async (t) => {
    const row = await w.model.findOne({ where: scopeWhere(w, id), transaction: t, lock: t.LOCK.UPDATE });
    if (!row) throw notFound();
    const before = plain(row);
    await row.destroy({ transaction: t });
    await w.afterChange?.(t, before, before);
    await audit(t, { actorId: w.actorId, action: 'delete', resource: w.decl.name, recordId: id, before, after: null, at: w.now });
  });
}
