// The meeting room's signalling mailbox (docs/decisions/160-meeting-room.md): the embedded
// WebRTC call's offers, answers and ICE candidates go through the database, so the two browsers
// may be served by different nodes behind the balancer.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.createTable('meeting_signals', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    // The pair's room (recruiter id and candidate id).
    room: { type: DataTypes.STRING(100), allowNull: false },
    // The side the message is for: 'recruiter' or 'candidate'.
    to_side: { type: DataTypes.STRING(16), allowNull: false },
    // The sending page (one id per page load), so a peer tells a new page from an old one.
    from_peer: { type: DataTypes.STRING(40), allowNull: false },
    type: { type: DataTypes.STRING(16), allowNull: false },
    body: { type: DataTypes.TEXT, allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('meeting_signals', ['room', 'to_side', 'id'], { name: 'meeting_signals_room_side' });
  await qi.addIndex('meeting_signals', ['created_at'], { name: 'meeting_signals_created' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.dropTable('meeting_signals');
}
