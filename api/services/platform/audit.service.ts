// The staff audit log: every console action writes who did what to which record, before and after,
// inside the action's own transaction (so a rolled-back action leaves no entry).
import type { Transaction } from 'sequelize';
import { AuditEntry } from '../../../models/index.js';

export async function audit(
  t: Transaction,
  entry: { actorId: string | null; action: string; resource: string; recordId: string | number | null; before?: unknown; after?: unknown; at: Date },
): Promise<void> {
  await AuditEntry.create(
    {
      actor_id: entry.actorId,
      action: entry.action,
      resource: entry.resource,
      record_id: entry.recordId === null ? null : String(entry.recordId),
      before_json: entry.before ?? null,
      after_json: entry.after ?? null,
      created_at: entry.at,
    },
    { transaction: t },
  );
}
