// The meeting room's texts (/meeting-web-app/…), sent with that page's data only: they stay out of
// the catalog script every public page loads (the 100 KB budget, decision 174; as the candidate's
// page does, decision 283).
import type { Lang } from '../../../config/i18n/langs.js';
import { catalogLang } from '../../../config/i18n/langs.js';

const fr = {
  meta_title: 'Réunion vidéo',
  meta_description: 'Appel vidéo entre un recruteur et un candidat.',
  loading: 'Connexion à la réunion…',
  error_default: 'Une erreur est survenue',
  connected: 'Connecté',
  disconnected: 'Déconnecté',
  mute: 'Couper le micro',
  unmute: 'Activer le micro',
  camera_off: 'Couper la caméra',
  camera_on: 'Activer la caméra',
  switch_camera: 'Changer de caméra',
  leave: 'Quitter',
  left: 'Vous avez quitté la réunion.',
  rejoin: 'Rejoindre',
  remote_muted: 'Micro coupé',
  remote_camera_off: 'Caméra coupée',
  remote_video: 'Vidéo de {name}',
  local_video: 'Votre vidéo',
  picture_alt: 'Photo de {name}',
  controls: 'Commandes de la réunion',
  media_error: 'Impossible d’utiliser la caméra ou le micro : autorisez-les dans votre navigateur.',
  waiting: 'En attente de {name}…',
  scheduled: 'Appel prévu le {date} à {time}',
  signin_title: 'Connectez-vous pour rejoindre l’appel',
  signin_text: 'Candidat : recevez un code par e-mail. Recruteur : connectez-vous avec votre mot de passe.',
};
export type MeetingPageTexts = Record<keyof typeof fr, string>;
const nl: MeetingPageTexts = {
  meta_title: 'Videogesprek',
  meta_description: 'Videogesprek tussen een recruiter en een kandidaat.',
  loading: 'Verbinden met het gesprek…',
  error_default: 'Er is een fout opgetreden',
  connected: 'Verbonden',
  disconnected: 'Niet verbonden',
  mute: 'Microfoon uitzetten',
  unmute: 'Microfoon aanzetten',
  camera_off: 'Camera uitzetten',
  camera_on: 'Camera aanzetten',
  switch_camera: 'Andere camera',
  leave: 'Verlaten',
  left: 'U hebt het gesprek verlaten.',
  rejoin: 'Opnieuw deelnemen',
  remote_muted: 'Microfoon uit',
  remote_camera_off: 'Camera uit',
  remote_video: 'Video van {name}',
  local_video: 'Uw video',
  picture_alt: 'Foto van {name}',
  controls: 'Bediening van het gesprek',
  media_error: 'Camera of microfoon niet beschikbaar: sta ze toe in uw browser.',
  waiting: 'Wachten op {name}…',
  scheduled: 'Gesprek gepland op {date} om {time}',
  signin_title: 'Meld u aan om deel te nemen aan het gesprek',
  signin_text: 'Kandidaten: ontvang een code per e-mail. Recruiters: meld u aan met uw wachtwoord.',
};
const en: MeetingPageTexts = {
  meta_title: 'Video meeting',
  meta_description: 'Video call between a recruiter and a candidate.',
  loading: 'Joining the meeting…',
  error_default: 'An error occured',
  connected: 'Connected',
  disconnected: 'Disconnected',
  mute: 'Mute',
  unmute: 'Unmute',
  camera_off: 'Turn camera off',
  camera_on: 'Turn camera on',
  switch_camera: 'Switch camera',
  leave: 'Leave',
  left: 'You left the meeting.',
  rejoin: 'Rejoin',
  remote_muted: 'Muted',
  remote_camera_off: 'Camera off',
  remote_video: 'Video of {name}',
  local_video: 'Your video',
  picture_alt: 'Picture of {name}',
  controls: 'Meeting controls',
  media_error: 'The camera or microphone cannot be used: allow them in your browser.',
  waiting: 'Waiting for {name}…',
  scheduled: 'Call planned on {date} at {time}',
  signin_title: 'Sign in to join the call',
  signin_text: 'Candidates: receive a code by e-mail. Recruiters: sign in with your password.',
};

const TEXTS: Record<'fr' | 'nl' | 'en', MeetingPageTexts> = { fr, nl, en };

export function meetingPageTexts(lang: Lang): MeetingPageTexts {
  return TEXTS[catalogLang(lang)];
}
