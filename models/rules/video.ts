// Video answers: the limits an uploaded answer must meet and the statuses an answer goes through.
// The tus upload route, the transcoder and the candidate's recording page all read them here.
// Browser-safe (no Node imports).

/** A stored answer file may not be larger than this (a claimed Upload-Length over it is refused up front). */
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
// An answer's length is the offer's (models/rules/interview.ts: 15 s to 180 s, 60 s by default).

/** Where the tus endpoint lives (POST creates an upload, HEAD/PATCH/DELETE on …/<upload id>). */
export const ANSWER_UPLOADS_PATH = '/apis/candidate/uploads';

/**
 * What the candidate sees for each answer: nothing sent yet, bytes still arriving, received and
 * being transcoded, playable, or refused / failed (with an error code below).
 */
export const ANSWER_STATUSES = ['missing', 'uploading', 'processing', 'ready', 'failed'] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

/** Stable error codes of a refused or failed answer file; their messages are in the i18n catalogs. */
export const VIDEO_ERRORS = ['video_not_a_video', 'video_too_long', 'video_too_large', 'video_empty', 'video_processing_failed'] as const;
export type VideoError = (typeof VIDEO_ERRORS)[number];

/** HLS output of the transcoder: the box a story fits in (9:16 portrait) and the segment length. */
export const STORY_MAX_WIDTH = 720;
export const STORY_MAX_HEIGHT = 1280;
export const STORY_SEGMENT_SECONDS = 2;

/**
 * An unfinished application may be finished within this many days of its start, while its offer
 * is open: the deadline the candidate's page shows; after it, new answers are refused
 * (decision 283).
 */
export const APPLICATION_FINISH_DAYS = 30;
export function finishDeadline(startDate: Date | string | null | undefined): Date | null {
  if (!startDate) return null;
  const start = new Date(startDate);
  return Number.isNaN(start.getTime()) ? null : new Date(start.getTime() + APPLICATION_FINISH_DAYS * 24 * 3600_000);
}
