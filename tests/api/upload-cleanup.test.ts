// The clean-up of uploads nobody uses (issue 10, end of finding 3; docs/decisions/088-unreferenced-upload-cleanup.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApplication, makeDraft, makeLanding, makeLead, makeOffer, makeUpload, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { purgeUnreferencedUploads, UNUSED_UPLOAD_MAX_AGE_MS } from '../../api/jobs/upload-cleanup.js';
import { Template, Upload, type Upload as UploadRow } from '../../models/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const HOUR = 3600_000;
/** A moment this long after the uploads made now. */
const later = (ms: number) => new Date(Date.now() + ms);

async function stored(kind: 'cv' | 'image'): Promise<UploadRow> {
  const upload = await makeUpload(kind);
  await ctx.deps.storage.put(upload.key, Buffer.from(kind === 'cv' ? '%PDF-1.4' : 'png'), upload.content_type);
  return upload;
}

const exists = async (u: UploadRow) => [(await Upload.count({ where: { id: u.id } })) === 1, (await ctx.deps.storage.get(u.key)) !== null];

describe('purgeUnreferencedUploads', () => {
  it('deletes the file and the row of an upload nobody uses once it is a day old, not before', async () => {
    const lone = await stored('cv');
    expect(await purgeUnreferencedUploads(ctx.deps.storage, later(UNUSED_UPLOAD_MAX_AGE_MS - HOUR))).toBe(0);
    expect(await exists(lone)).toEqual([true, true]);
    expect(await purgeUnreferencedUploads(ctx.deps.storage, later(UNUSED_UPLOAD_MAX_AGE_MS + HOUR))).toBeGreaterThanOrEqual(1);
    expect(await exists(lone)).toEqual([false, false]);
  });

  it('keeps every upload a record refers to, by key or by address', async () => {
    const recruiter = await makeUser({ profile: 'recruiter' });
    const offerLogo = await stored('image');
    const offer = await makeOffer(recruiter, { company_picture: `http://127.0.0.1:3999/files/${offerLogo.key}` });
    const applicationCv = await stored('cv');
    await makeApplication(await makeUser({ profile: 'candidate' }), offer, { cv_key: applicationCv.key });
    const leadCv = await stored('cv');
    await makeLead({ cv_key: leadCv.key, offer_id: offer.id, job_code: offer.job_code });
    const avatar = await stored('image');
    await makeUser({ profile: 'recruiter', picture: avatar.key });
    const landingLogo = await stored('image');
    await makeLanding({ logo_src: `http://127.0.0.1:3999/files/${landingLogo.key}` });
    const draftLogo = await stored('image');
    await makeDraft(recruiter, { offer_json: { title: 'Serveur', company_picture: `/files/${draftLogo.key}` } });
    const templateLogo = await stored('image');
    await Template.create({ owner_id: recruiter.id, type: 'offer', content: { company_picture: `/files/${templateLogo.key}` } });
    const unused = await stored('image');

    await purgeUnreferencedUploads(ctx.deps.storage, later(2 * UNUSED_UPLOAD_MAX_AGE_MS));
    for (const kept of [offerLogo, applicationCv, leadCv, avatar, landingLogo, draftLogo, templateLogo]) {
      expect(await exists(kept), kept.key).toEqual([true, true]);
    }
    expect(await exists(unused)).toEqual([false, false]);
  });

  it('is safe to run on several nodes at once, and finishes rows whose file is already gone', async () => {
    const many = await Promise.all(Array.from({ length: 12 }, () => stored('cv')));
    const fileless = await makeUpload('image');
    const at = later(2 * UNUSED_UPLOAD_MAX_AGE_MS);
    const results = await Promise.all([purgeUnreferencedUploads(ctx.deps.storage, at), purgeUnreferencedUploads(ctx.deps.storage, at)]);
    // Each row is counted by the node whose delete removed it, once in all.
    expect(results[0] + results[1]).toBe(13);
    for (const u of [...many, fileless]) expect(await exists(u)).toEqual([false, false]);
    expect(await purgeUnreferencedUploads(ctx.deps.storage, at)).toBe(0);
  });
});
