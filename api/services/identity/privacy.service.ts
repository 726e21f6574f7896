// Self-service privacy for candidates (issue 14, docs/decisions/168-self-service-privacy.md):
//   - the export: one ZIP of everything kept about the caller (profile, applications with their
//     answers, wishlist, contact history as JSON; their stories and CVs as files), written to the
//     response as it is built, one stored file in memory at a time;
//   - the deletion: staff's permanent delete applied by the person to themselves (the one deletion,
//     api/services/accounts/staff-users.service.ts): files leave the storage, counters stay true.
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { Application, ApplicationAnswer, ContactEvent, Offer, WishlistEntry, type UserRow } from '../../../models/index.js';
import type { Storage } from '../../integrations/storage.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { deleteUser, snapshotOfUser, type AccountFiles } from '../accounts/staff-users.service.js';
import { storyKeys } from '../applications/video-answers.service.js';
import { isCandidate } from '../../auth/access.js';

/** Only candidates have this page: a recruiter's or manager's data belongs to their company's account. */
export function assertCandidate(caller: UserRow | undefined): UserRow {
  if (!caller) throw unauthorized();
  if (!isCandidate(caller)) throw forbidden('candidates_only', 'privacy_candidates_only');
  return caller;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const extOf = (key: string) => /\.[A-Za-z0-9]{1,5}$/.exec(key)?.[0] ?? '';

export interface ExportPlan {
  /** JSON documents by their path in the ZIP. */
  json: Record<string, unknown>;
  /** Stored files: storage key -> path in the ZIP. */
  files: Array<{ key: string; path: string }>;
}

/** What the caller's export holds: computed first, then streamed (the tests compare the ZIP with it). */
export async function exportPlan(storage: Storage, user: UserRow): Promise<ExportPlan> {
  const files: ExportPlan['files'] = [];
  const apps = await Application.findAll({ where: { candidate_id: user.id }, order: [['id', 'ASC']] });
  const offers = new Map<number, Offer>();
  const offerIds = new Set<number>(apps.map((a) => Number(a.offer_id)));
  const wishlist = await WishlistEntry.findAll({ where: { candidate_id: user.id }, order: [['id', 'ASC']] });
  for (const w of wishlist) offerIds.add(Number(w.offer_id));
  if (offerIds.size) for (const o of await Offer.findAll({ where: { id: [...offerIds] }, attributes: ['id', 'job_code', 'title', 'company_name'] })) offers.set(o.id, o);
  const offerOf = (id: unknown) => {
    const o = offers.get(Number(id));
    return o ? { job_code: o.job_code, title: o.title, company_name: o.company_name } : null;
  };
  const applications = [];
  for (const a of apps) {
    const answers = await ApplicationAnswer.findAll({ where: { application_id: a.id }, order: [['position', 'ASC']] });
    const answerDocs = [];
    for (const ans of answers) {
      const video: string[] = [];
      if (ans.upload_path) {
        for (const key of await storyKeys(storage, ans.upload_path)) {
          if (!(await storage.head(key))) continue;
          const path = `videos/application-${a.id}/${ans.qid}/${key.slice(key.lastIndexOf('/') + 1)}`;
          files.push({ key, path });
          video.push(path);
        }
      }
      answerDocs.push({ qid: ans.qid, position: ans.position, question: ans.question, state: ans.state, expired_at: iso(ans.expired_at), video });
    }
    let cv: string | null = null;
    if (a.cv_key && (await storage.head(a.cv_key))) {
      cv = `cv/application-${a.id}${extOf(a.cv_key)}`;
      files.push({ key: a.cv_key, path: cv });
    }
    applications.push({
      id: a.id,
      offer: offerOf(a.offer_id),
      state: a.state,
      recruiter_state: a.recruiter_state,
      is_reco: a.is_reco,
      start_date: iso(a.start_date),
      submit_date: iso(a.submit_date),
      created_at: iso(a.created_at),
      cv,
      answers: answerDocs,
    });
  }
  const contacts = await ContactEvent.findAll({
    where: { user_id: user.id },
    order: [
      ['at', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  const profile = snapshotOfUser(user);
  for (const k of ['created_at', 'updated_at', 'last_co', 'closed_at', 'inactivity_warned_at']) profile[k] = iso(profile[k] as Date | null);
  return {
    json: {
      'profile.json': profile,
      'applications.json': applications,
      'wishlist.json': wishlist.map((w) => ({ offer: offerOf(w.offer_id), state: w.state, added_at: iso(w.added_at), updated_at: iso(w.updated_at) })),
      'contact-history.json': contacts.map((c) => ({ action: c.action, at: iso(c.at) })),
    },
    files,
  };
}

/** The ZIP of a plan as a stream: each stored file is read from storage only when the ZIP reaches it. */
export function exportZip(storage: Storage, plan: ExportPlan, now: Date): NodeJS.ReadableStream {
  const zip = new yazl.ZipFile();
  for (const [path, doc] of Object.entries(plan.json)) zip.addBuffer(Buffer.from(JSON.stringify(doc, null, 2) + '\n'), path, { mtime: now });
  for (const f of plan.files) {
    const lazy = Readable.from(
      (async function* () {
        const object = await storage.get(f.key);
        if (object) yield object.body;
      })(),
    );
    zip.addReadStream(lazy, f.path, { mtime: now });
  }
  zip.end();
  return zip.outputStream;
}

/** The candidate deletes their own account (the one deletion, reason 'self'). */
export async function deleteOwnAccount(files: AccountFiles, caller: UserRow | undefined, now: Date) {
  const user = assertCandidate(caller);
  return deleteUser({ id: user.id }, user.id, now, files, 'self');
}
