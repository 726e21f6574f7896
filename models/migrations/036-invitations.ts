// Interview invitations (issue 27, docs/decisions/430-interview-invitations.md): one row per
// invited person and offer; the reminders sent (one row per invitation, reminder and deadline: the
// unique key that keeps two workers from sending one reminder twice); the addresses that opted out
// of a company's messages; each company's count of the day (the daily limit, one conditional
// update) and its reminder times.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.createTable('invitations', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    offer_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'offers', key: 'id' }, onDelete: 'CASCADE' },
    // The offer's recruiter (the row scope of the console, as an application's).
    recruiter_id: { type: DataTypes.STRING(36), allowNull: false },
    invited_by: { type: DataTypes.STRING(36), allowNull: true },
    // Whose limit and opt-outs apply (decision 430): the company's name, else the recruiter's id.
    company_key: { type: DataTypes.STRING(191), allowNull: false },
    first_name: { type: DataTypes.STRING(100), allowNull: false },
    last_name: { type: DataTypes.STRING(100), allowNull: false },
    email: { type: DataTypes.STRING(191), allowNull: false },
    phone: { type: DataTypes.STRING(20), allowNull: true },
    lang: { type: DataTypes.STRING(2), allowNull: false },
    message: { type: DataTypes.TEXT, allowNull: true },
    deadline: { type: DataTypes.DATE(3), allowNull: false },
    // The link's random part: the signed token names the invitation and this nonce.
    nonce: { type: DataTypes.STRING(32), allowNull: false },
    candidate_id: { type: DataTypes.STRING(36), allowNull: true },
    sent_at: { type: DataTypes.DATE(3), allowNull: true },
    sends: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    opened_at: { type: DataTypes.DATE(3), allowNull: true },
    bounced_at: { type: DataTypes.DATE(3), allowNull: true },
    opted_out_at: { type: DataTypes.DATE(3), allowNull: true },
    cancelled_at: { type: DataTypes.DATE(3), allowNull: true },
    // "<offer id>:<e-mail>" while the invitation is not cancelled, else null: one live invitation
    // per address and offer, whatever two sendings at once do (a cancelled one may be invited again).
    live_key: { type: DataTypes.STRING(200), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('invitations', ['live_key'], { unique: true, name: 'invitations_live_key' });
  await qi.addIndex('invitations', ['offer_id', 'created_at'], { name: 'invitations_offer_created' });
  await qi.addIndex('invitations', ['recruiter_id', 'created_at'], { name: 'invitations_recruiter_created' });
  await qi.addIndex('invitations', ['company_key', 'email'], { name: 'invitations_company_email' });
  await qi.addIndex('invitations', ['deadline'], { name: 'invitations_deadline' });

  await qi.createTable('invitation_reminders', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    invitation_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'invitations', key: 'id' }, onDelete: 'CASCADE' },
    hours_before: { type: DataTypes.INTEGER, allowNull: false },
    deadline: { type: DataTypes.DATE(3), allowNull: false },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('invitation_reminders', ['invitation_id', 'hours_before', 'deadline'], { unique: true, name: 'invitation_reminders_once' });

  await qi.createTable('invitation_opt_outs', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    company_key: { type: DataTypes.STRING(191), allowNull: false },
    email: { type: DataTypes.STRING(191), allowNull: false },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('invitation_opt_outs', ['company_key', 'email'], { unique: true, name: 'invitation_opt_outs_once' });

  await qi.createTable('invitation_days', {
    company_key: { type: DataTypes.STRING(191), allowNull: false, primaryKey: true },
    day: { type: DataTypes.STRING(10), allowNull: false, primaryKey: true },
    sent: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  });

  await qi.createTable('invitation_settings', {
    company_key: { type: DataTypes.STRING(191), allowNull: false, primaryKey: true },
    // Hours before the deadline, largest first, comma-separated ("48,24"; "" for none).
    reminder_hours: { type: DataTypes.STRING(40), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  for (const table of ['invitation_settings', 'invitation_days', 'invitation_opt_outs', 'invitation_reminders', 'invitations']) await qi.dropTable(table);
}
