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
}

export const managerHome = () => getJson<ManagerHomeData>('/apis/manager');

/** One candidate of an offer (section 3, manager application). */
export interface ManagerApplication {
  id: number;
  candidate: { sub: string; email: string; phone: string | null; name: string; picture: string | null };
  name: string;
  picture: string | null;
  cv_url: string | null;
  recruiter_state: string;
  submit_date: { submit: string | null };
  recruiter_id: string;
  job_code: string;
}

export interface OfferApplications {
  Items: ManagerApplication[];
  offer: {
    job_code: string;
    title: string;
    contract_type?: string;
    company_name?: string;
    company_picture?: string | null;
    shopname?: string | null;
    city?: string;
    state?: string;
    recruiter?: { sub?: string; name?: string; email?: string };
  };
  Count: number;
}

export const offerApplications = (jobCode: string) => getJson<OfferApplications>(`/apis/application/${encodeURIComponent(jobCode)}?fullStates=true`);

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
