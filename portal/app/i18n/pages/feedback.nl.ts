// The feedback page's texts in Dutch. Same keys as feedback.fr.ts.
import type fr from './feedback.fr.js';

const feedbackNl: Record<keyof typeof fr, string> = {
  err_internal: 'We hebben een probleem ondervonden. Probeer het later opnieuw.',
  feedback_meta_title: 'Gedeelde sollicitatie',
  feedback_meta_description: 'Bekijk de video-antwoorden van een kandidaat en geef je mening aan de recruiter.',
  feedback_loading: 'Laden…',
  feedback_max_views: 'Maximaal aantal weergaven bereikt. Neem contact op met de recruiter voor een nieuwe link.',
  feedback_no_result: 'Geen resultaat voor deze link.',
  feedback_shared_by: 'Gedeeld door {recruiter}',
  feedback_picture_alt: 'Foto van {name}',
  feedback_player_label: 'Video-antwoorden van de kandidaat',
  feedback_question: 'Vraag {n} van {total}',
  feedback_previous: 'Vorige vraag',
  feedback_next: 'Volgende vraag',
  feedback_play: 'Afspelen',
  feedback_pause: 'Pauzeren',
  feedback_video_error: 'Deze video kan niet worden afgespeeld.',
  feedback_speed: 'Afspeelsnelheid',
  feedback_speed_1: '1×',
  feedback_speed_1_5: '1,5×',
  feedback_speed_2: '2×',
  feedback_form_title: 'Jouw mening',
  feedback_name: 'Je naam',
  feedback_vote: 'Je stem',
  feedback_vote_up: 'Duim omhoog',
  feedback_vote_down: 'Duim omlaag',
  feedback_comment: 'Opmerking (optioneel)',
  feedback_sending: 'Verzenden…',
  feedback_sent_message: 'Bedankt! Je mening is doorgestuurd naar {recruiter}.',
};

export default feedbackNl;
