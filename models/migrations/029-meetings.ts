// Meeting invitations (issue 24, docs/decisions/290-meeting-invitations.md): the recruiter's side
// sends the candidate the room's link now, or schedules a call (a time, an .ics invitation to both,
// a reminder before). One row per invitation; the reminder is a queued job (api/jobs).
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

const { STRING, INTEGER, DATE } = DataTypes;

const userRef = (allowNull: boolean) => ({
  type: STRING(36),
  allowNull,
  references: { model: 'users', key: 'id' },
  onDelete: allowNull ? 'SET NULL' : 'CASCADE',
  onUpdate: 'CASCADE',
});

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.createTable('meetings', {
    id: { type: INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    // The pair whose room it is (the room is /meeting-web-app/{recruiter}/{candidate}/...).
    recruiter_id: userRef(false),
    candidate_id: userRef(false),
    // Who sent it: the recruiter, one of their managers, or staff.
    invited_by: userRef(true),
    // null: "join me now" (the link sent at once); else the scheduled start.
    starts_at: { type: DATE(3), allowNull: true },
    duration_min: { type: INTEGER, allowNull: false },
    // The IANA zone the times are written in, in the mails (the sender's browser's zone).
    time_zone: { type: STRING(64), allowNull: false },
    // The calendar event's UID and SEQUENCE (RFC 5545): a cancellation updates the same event.
    uid: { type: STRING(120), allowNull: false, unique: true },
    sequence: { type: INTEGER, allowNull: false, defaultValue: 0 },
    cancelled_at: { type: DATE(3), allowNull: true },
    reminded_at: { type: DATE(3), allowNull: true },
    created_at: { type: DATE(3), allowNull: false },
  });
  await qi.addIndex('meetings', ['recruiter_id', 'candidate_id', 'starts_at'], { name: 'meetings_pair_start' });
  await qi.addIndex('meetings', ['candidate_id'], { name: 'meetings_candidate' });
  await qi.addIndex('meetings', ['invited_by'], { name: 'meetings_invited_by' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.dropTable('meetings');
}
