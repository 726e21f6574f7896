// The invitation screens' calls (decision 430, 460): the check of a pasted list or CSV file, the
// sending, the company's reminder times, and one offer's invitations (the console resource
// `invitations`, its actions resend, cancel and extend).
import { fetchUtils } from 'react-admin';
import { getJson, postJson } from '../common/http.js';
import { dataProvider } from '../providers/dataProvider.js';
import type { BadInvitationRow, InvitationRow } from '../../../api/services/invitations/invitations.schema.js';
import type { InvitationState } from '../../../models/rules/invitation.js';

export interface CheckAnswer {
  rows: InvitationRow[];
  lines: number[];
  bad: BadInvitationRow[];
}

export interface SendAnswer {
  created: number;
  skipped: Array<{ email: string; reason: 'opted_out' | 'already_invited' }>;
}

export interface InvitationSettings {
  reminder_hours: number[];
}

export interface InvitationItem {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone?: string | null;
  state: InvitationState | null;
  deadline: string;
  sent_at?: string | null;
  last_reminder_at?: string | null;
}

export const checkInvitations = (csv: string) => postJson<CheckAnswer>('/apis/invitations/check', { csv });

export const sendInvitations = (body: { job_code: string; deadline: string; message?: string; lang: string; rows: InvitationRow[] }) => postJson<SendAnswer>('/apis/invitations', body);

export const invitationSettings = () => getJson<InvitationSettings>('/apis/invitations/settings');

export async function saveInvitationSettings(reminderHours: string): Promise<InvitationSettings> {
  const { json } = await fetchUtils.fetchJson('/apis/invitations/settings', { method: 'PUT', body: JSON.stringify({ reminder_hours: reminderHours }), credentials: 'include' });
  return json as InvitationSettings;
}

/** One offer's invitations, newest first (at most 200: beyond that the staff list pages them). */
export async function offerInvitations(jobCode: string): Promise<InvitationItem[]> {
  const { data } = await dataProvider.getList('invitations', { filter: { job_code: jobCode }, sort: { field: 'created_at', order: 'DESC' }, pagination: { page: 1, perPage: 200 } });
  return data as unknown as InvitationItem[];
}

export const invitationAction = (id: number, action: 'resend' | 'cancel' | 'extend', body?: { deadline: string }) => dataProvider.action('invitations', id, action, body);
