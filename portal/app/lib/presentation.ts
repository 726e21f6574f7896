// The home page's presentation video (scripts/make-presentation-video.ts; decision 293): five cards
// of PRESENTATION_STEP_SECONDS each, one per step of the home page, captioned in the visitor's language.
export const PRESENTATION_STEP_SECONDS = 4;
export const PRESENTATION_VIDEO = '/presentation-video/presentation.mp4';
export const PRESENTATION_POSTER = '/presentation-video/poster.jpg';
export const PRESENTATION_STEPS = ['home_step_1', 'home_step_2', 'home_step_3', 'home_step_4', 'home_step_5'] as const;

const clock = (s: number) => `00:00:${String(s).padStart(2, '0')}.000`;

/** The WebVTT captions: one cue per step, its text from the catalog. */
export function presentationCaptions(text: (key: (typeof PRESENTATION_STEPS)[number]) => string): string {
  const cues = PRESENTATION_STEPS.map((key, i) => `${i + 1}\n${clock(i * PRESENTATION_STEP_SECONDS)} --> ${clock((i + 1) * PRESENTATION_STEP_SECONDS)}\n${i + 1}. ${text(key).replace(/-->/g, '→')}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
