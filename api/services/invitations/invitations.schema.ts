// Interview invitations' inputs (docs/decisions/430-interview-invitations.md). Browser-safe (zod/mini,
// no server import): the manager console parses and checks a CSV file with these same functions and
// shows the bad rows before sending; the server checks every row again.
import * as z from 'zod/mini';
import { email } from '../../../models/rules/email.js';
import { normalizePhone } from '../../../models/rules/phone.js';
import { optionalText, text } from '../../../models/rules/text.js';
import { INVITATION_BATCH_MAX, INVITATION_LANGS, INVITATION_MESSAGE_MAX, REMINDERS_MAX, parseReminderHours } from '../../../models/rules/invitation.js';
import { invitationDeadline } from '../../../models/resources/invitations/actions.js';

const NAME_MAX = 100;

const phone = z.pipe(
  z.transform((v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v)),
  z.optional(
    z.pipe(
      z.string('invitation_phone_invalid'),
      z.transform((v, ctx) => {
        const p = normalizePhone(v);
        if (!p) {
          ctx.issues.push({ code: 'custom', message: 'invitation_phone_invalid', input: v });
          return z.NEVER;
        }
        return p.e164;
      }),
    ),
  ),
);

const lang = z.enum(INVITATION_LANGS, 'invitation_lang_invalid');

/** One person to invite: a row of the form, the pasted list or the CSV file. */
export const invitationRowSchema = z.object({
  first_name: text(NAME_MAX, { invalid: 'invitation_first_name_invalid', required: 'invitation_first_name_required', min: 1 }),
  last_name: text(NAME_MAX, { invalid: 'invitation_last_name_invalid', required: 'invitation_last_name_required', min: 1 }),
  email: email('invitation_email_invalid'),
  phone,
  lang: z.optional(lang),
});
export type InvitationRow = z.output<typeof invitationRowSchema>;

/** POST /apis/invitations: people to invite to one offer, by a deadline, with an optional message. */
export const invitationCreateSchema = z.object({
  job_code: text(40, { invalid: 'offer_not_found', min: 1 }),
  deadline: invitationDeadline,
  message: optionalText(INVITATION_MESSAGE_MAX, { invalid: 'invitation_message_invalid', tooLong: 'invitation_message_too_long' }),
  /** The language of rows that name none. */
  lang: z._default(lang, 'fr'),
  rows: z.array(invitationRowSchema).check(z.minLength(1, 'invitation_rows_empty'), z.maxLength(INVITATION_BATCH_MAX, 'invitation_rows_too_many')),
});
export type InvitationCreate = z.output<typeof invitationCreateSchema>;

/** POST /apis/invitations/check: a CSV file's text (or a pasted list), checked row by row. */
export const invitationCheckSchema = z.object({
  csv: z.string('validation_error').check(z.maxLength(1_000_000, 'invitation_csv_too_large')),
});

/** PUT /apis/invitations/settings: the company's reminder times, hours before the deadline. */
export const invitationSettingsSchema = z.object({
  reminder_hours: z.pipe(
    z.string('invitation_reminders_invalid').check(z.maxLength(40, 'invitation_reminders_invalid')),
    z.transform((v, ctx) => {
      const hours = parseReminderHours(v);
      if (!hours || hours.length > REMINDERS_MAX) {
        ctx.issues.push({ code: 'custom', message: 'invitation_reminders_invalid', input: v });
        return z.NEVER;
      }
      return hours;
    }),
  ),
});

// ---- CSV -------------------------------------------------------------------------------------

/** One line of a CSV file cut into its values: commas or semicolons (Excel in French writes ;), quotes doubled inside quotes. */
function splitCsv(textIn: string): string[][] {
  const out: string[][] = [];
  const src = textIn.replace(/^\uFEFF/, '');
  const firstLine = src.split(/\r?\n/, 1)[0] ?? '';
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : firstLine.includes(',') ? ',' : firstLine.includes('\t') ? '\t' : ',';
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    out.push(row);
  }
  return out;
}

const HEADER_WORDS = /^(first[ _]?name|pr[ée]nom|voornaam|e-?mail|last[ _]?name|nom|achternaam)$/i;

/** A row the check refused: its line in the file (1-based), what it held and why (a message code). */
export interface BadInvitationRow {
  line: number;
  text: string;
  reason: string;
  field?: string;
}

export interface InvitationCsvCheck {
  rows: InvitationRow[];
  /** The line of each good row, in the same order. */
  lines: number[];
  bad: BadInvitationRow[];
}

/**
 * Checks a CSV file or a pasted list, one person a line: first name, last name, e-mail, phone
 * (optional), language (optional, fr/nl/en). A first line of column names is skipped; blank lines
 * are ignored; an address twice in the file is refused the second time.
 */
export function checkInvitationCsv(csv: string): InvitationCsvCheck {
  const result: InvitationCsvCheck = { rows: [], lines: [], bad: [] };
  const seen = new Set<string>();
  splitCsv(csv).forEach((values, index) => {
    const line = index + 1;
    const cells = values.map((v) => v.trim());
    if (cells.every((c) => c === '')) return;
    if (index === 0 && cells.some((c) => HEADER_WORDS.test(c))) return;
    const raw = cells.join(', ').slice(0, 200);
    if (cells.length < 3 || cells.length > 5) {
      result.bad.push({ line, text: raw, reason: 'invitation_row_columns' });
      return;
    }
    const [first_name, last_name, mail, phoneText, langText] = cells;
    const parsed = z.safeParse(invitationRowSchema, { first_name, last_name, email: mail, phone: phoneText, lang: langText ? langText.toLowerCase() : undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      result.bad.push({ line, text: raw, reason: issue?.message ?? 'validation_error', field: String(issue?.path?.[0] ?? '') });
      return;
    }
    if (seen.has(parsed.data.email)) {
      result.bad.push({ line, text: raw, reason: 'invitation_row_duplicate', field: 'email' });
      return;
    }
    seen.add(parsed.data.email);
    result.rows.push(parsed.data);
    result.lines.push(line);
  });
  if (result.rows.length + result.bad.length > INVITATION_BATCH_MAX) result.bad.push({ line: 0, text: '', reason: 'invitation_rows_too_many' });
  return result;
}
