// The manager area's calls of back-office.md section 7 and the shapes it reads from them.
import { getJson, postJson } from '../common/http.js';

export interface ManagerUser {
  name?: string;
  user_plan?: string;
  total_boost?: number;
  av_boost?: number;
  used_boost?: number;
  offers_count?: number;
  actives_offers_count?: number;
  candidates_count?: number;
  actives_candidates_count?: number;
  to_recruit?: number;
  recruited?: number;
}

/** One candidate to recruit on the home page (section 3, manager user data). */
export interface ToRecruitItem {
  Pk?: string;
  Sk?: string;
  Data?: string;
  job_code?: string;
  name?: string;
  email?: string;
  phone?: string | null;
  picture?: string | null;
  candidate?: { sub?: string; name?: string; email?: string; phone?: string | null; picture?: string | null };
  submit_date?: string | { submit?: string | null } | null;
  title?: string;
  offer?: { title?: string; shopname?: string | null };
  shopname?: string;
  recruiter?: { name?: string; email?: string };
  cv_url?: string | null;
}

export interface ManagerHomeData {
  user: ManagerUser;
  shops?: unknown[];
  to_recruit_list?: ToRecruitItem[];
  /** The cursor of the next page of to_recruit_list, null on the last (decision 156). */
  to_recruit_next?: string | null;
}

export const managerHome = (after?: string | null) => getJson<ManagerHomeData>(`/apis/manager${after ? `?to_recruit_after=${encodeURIComponent(after)}` : ''}`);

/** One candidate of an offer (section 3, manager application) and one page of an offer's candidates:
 *  the server's own types (type-only imports, erased by the bundler). */
export type { ManagerApplication, OfferApplications } from '../../../api/services/applications/manager-applications-offer.service.js';
import type { OfferApplications } from '../../../api/services/applications/manager-applications-offer.service.js';

/** The page size of an offer's tab in the console. */
export const CANDIDATES_PAGE = 50;

/** One page of one tab of an offer's candidates (decision 156). */
export const offerApplications = (jobCode: string, tab: string, after?: string | null) =>
  getJson<OfferApplications>(
    `/apis/application/${encodeURIComponent(jobCode)}?fullStates=true&tab=${encodeURIComponent(tab)}&limit=${CANDIDATES_PAGE}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
  );

export const moveCandidate = (jobCode: string, candidateSub: string, recruiterState: string) =>
  postJson<unknown>(`/apis/application/${encodeURIComponent(jobCode)}/${encodeURIComponent(candidateSub)}`, { recruiter_state: recruiterState });

export const setOfferActive = (jobCode: string, recruiterId: string, active: boolean) => postJson<unknown>(`/apis/offer/${encodeURIComponent(jobCode)}`, { recruiter_id: recruiterId, active });

export const renameOfferShop = (jobCode: string, recruiterId: string, shopname: string) => postJson<unknown>(`/apis/offer/${encodeURIComponent(jobCode)}`, { recruiter_id: recruiterId, shopname });

export const boostOffer = (jobCode: string) => postJson<{ error?: boolean; code?: string }>('/apis/boost-offer', { job_code: jobCode });

/** A submit date as the API sends it: an ISO string, or { submit }. */
export function submitDate(v: ToRecruitItem['submit_date']): string | null {
  if (!v) return null;
  return typeof v === 'string' ? v : (v.submit ?? null);
}

/** POST /apis/draft-offer: a new draft of the offer wizard, owned by the caller; its edition token. */
export const createDraftOffer = () => postJson<{ edition_token: string }>('/apis/draft-offer', {});
