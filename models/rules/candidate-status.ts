// What a candidate is told of each of their applications on their own page (/candidate, decision
// 283): a few statuses in their words, never the company's working states. A rejection still
// waiting (wait_reject) reads as "seen" until it is final: the company may change its mind
// (decision 281). Browser-safe.
import { finishDeadline } from './video.js';

export const CANDIDATE_STATUSES = ['unfinished', 'closed', 'sent', 'seen', 'selected', 'not_selected'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

export interface CandidateStatusInput {
  /** applying or complete. */
  state: string;
  recruiter_state: string;
  start_date: Date | string | null;
  /** Whether the offer still takes applications. */
  offer_open: boolean;
}

export function candidateStatus(a: CandidateStatusInput, now: Date): CandidateStatus {
  if (a.state !== 'complete') {
    const deadline = finishDeadline(a.start_date);
    return a.offer_open && (!deadline || deadline.getTime() >= now.getTime()) ? 'unfinished' : 'closed';
  }
  switch (a.recruiter_state) {
    case 'new':
      return 'sent';
    case 'rejected':
      return 'not_selected';
    case 'to_recruit':
    case 'recruited':
      return 'selected';
    default:
      return 'seen';
  }
}
