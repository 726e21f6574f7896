// The CV address of each console row, signed for the caller (docs/decisions/085-private-media-signed-urls.md):
// one query for the page's rows, whichever table keeps their cv_key (applications, landing leads).
import { userAudience } from '../integrations/media-urls.js';
import type { ConsoleCtx, Rec } from './types.js';

/** A model with an id and a cv_key column (Application, LandingInterest). */
interface WithCv {
  findAll(options: { where: { id: number[] }; attributes: ['id', 'cv_key']; raw: true }): Promise<unknown[]>;
}

export async function signedCvUrls(ctx: ConsoleCtx, model: WithCv, rows: Rec[]): Promise<Map<number, string | null>> {
  const urls = new Map<number, string | null>();
  if (!rows.length) return urls;
  const now = ctx.clock();
  const audience = userAudience(ctx.caller.user.id);
  const found = (await model.findAll({ where: { id: rows.map((r) => Number(r.id)) }, attributes: ['id', 'cv_key'], raw: true })) as unknown as Array<{ id: number; cv_key: string | null }>;
  for (const r of found) urls.set(Number(r.id), r.cv_key ? ctx.media.sign(r.cv_key, audience, now) : null);
  return urls;
}
