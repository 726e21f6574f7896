// The feedback page's texts in English. Same keys as feedback.fr.ts.
import type fr from './feedback.fr.js';

const feedbackEn: Record<keyof typeof fr, string> = {
  err_internal: 'We encountered a problem. Please try again later.',
  feedback_meta_title: 'Shared application',
  feedback_meta_description: 'Watch a candidate’s video answers and give your opinion to the recruiter.',
  feedback_loading: 'Loading…',
  feedback_max_views: 'Maximum views reached. Contact the recruiter for a new link.',
  feedback_no_result: 'No result for this link.',
  feedback_shared_by: 'Shared by {recruiter}',
  feedback_picture_alt: 'Picture of {name}',
  feedback_player_label: 'Candidate’s video answers',
  feedback_question: 'Question {n} of {total}',
  feedback_previous: 'Previous question',
  feedback_next: 'Next question',
  feedback_play: 'Play',
  feedback_pause: 'Pause',
  feedback_video_error: 'This video cannot be played.',
  feedback_speed: 'Playback speed',
  feedback_speed_1: '1×',
  feedback_speed_1_5: '1.5×',
  feedback_speed_2: '2×',
  feedback_form_title: 'Your opinion',
  feedback_name: 'Your name',
  feedback_vote: 'Your vote',
  feedback_vote_up: 'Thumbs up',
  feedback_vote_down: 'Thumbs down',
  feedback_comment: 'Comment (optional)',
  feedback_sending: 'Sending…',
  feedback_sent_message: 'Thank you! Your opinion was sent to {recruiter}.',
};

export default feedbackEn;
