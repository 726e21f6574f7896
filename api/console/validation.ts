// The console's validation on the server: the declaration's zod schemas (models/resources/validation.ts,
// shared with the browser) with each column's own limits read from the model (NOT NULL, length in
// characters, TEXT's 65 535 bytes), so bad input answers 400 with the field's code instead of failing
// in the database. Schemas are built once per resource and mode.
import { DataTypes, type ModelStatic, type Model } from 'sequelize';
import type * as z from 'zod/mini';
import { models } from '../../models/index.js';
import type { FieldDecl, ResourceDecl } from '../../models/resources/index.js';
import { TEXT_BYTES, bodySchema as declaredBodySchema, filterSchema as declaredFilterSchema, type ColumnLimits } from '../../models/resources/validation.js';

export { INVALID, MAX_POSITION, REQUIRED, type FieldError } from '../../models/resources/validation.js';

export function modelOf(decl: ResourceDecl): ModelStatic<Model> {
  const model = (models as Record<string, ModelStatic<Model>>)[decl.model];
  if (!model) throw new Error(`console resource ${decl.name}: unknown model ${decl.model}`);
  return model;
}

/** NOT NULL and size of the column a field is stored in (the declaration's own for JSON keys and computed fields). */
function columnLimits(decl: ResourceDecl, f: FieldDecl): ColumnLimits {
  if (f.from) return { allowNull: !f.required };
  const attr = modelOf(decl).getAttributes()[f.column ?? f.source];
  if (!attr) return { allowNull: !f.required };
  const type = attr.type as { key?: string; options?: { length?: number } };
  const limits: ColumnLimits = { allowNull: attr.allowNull !== false };
  if (type.key === DataTypes.STRING.key || type.key === DataTypes.CHAR.key) limits.chars = type.options?.length ?? 255;
  if (type.key === DataTypes.TEXT.key) limits.bytes = TEXT_BYTES;
  return limits;
}

/** A console schema: takes a record (a body, a filter), gives the stored form. */
type RecordSchema = z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>;
const cache = new Map<string, RecordSchema>();
const cached = (key: string, make: () => RecordSchema): RecordSchema => {
  let hit = cache.get(key);
  if (!hit) cache.set(key, (hit = make()));
  return hit;
};

/** The body schema of a create or an update, with the columns' limits (models/resources/validation.ts). */
export function bodySchema(decl: ResourceDecl, mode: 'create' | 'edit'): RecordSchema {
  return cached(`${decl.name}:${mode}`, () => declaredBodySchema(decl, mode, (f) => columnLimits(decl, f)));
}

/** The filter schema of a list (models/resources/validation.ts). */
export function filterSchema(decl: ResourceDecl): RecordSchema {
  return cached(`${decl.name}:filter`, () => declaredFilterSchema(decl) as unknown as RecordSchema);
}
