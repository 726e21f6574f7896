// The home page's texts in Dutch. Same keys as home.fr.ts.
import type fr from './home.fr.js';

const homeNl: Record<keyof typeof fr, string> = {
  home_meta_title: 'Videorekrutering: werf sneller aan met videosollicitaties',
  home_meta_description: 'Tot 70% tijdwinst per aanwerving: kandidaten beantwoorden je vragen op video in de app.',
  home_title: 'Werf aan op video en bespaar tot 70% tijd per aanwerving',
  home_subtitle: 'Kandidaten beantwoorden je vragen met videostories van één minuut. Je leert de persoon kennen vóór het cv.',
  home_benefits_title: 'Waarom aanwerven op video',
  home_benefit_hours: 'Bespaar tientallen uren',
  home_benefit_human: 'De mens vóór het cv',
  home_benefit_motivated: 'Alleen gemotiveerde sollicitaties',
  home_benefit_modern: 'Moderne, digitale en ethische rekrutering',
  home_steps_title: 'Zo werkt het',
  home_step_1: 'Maak een vacature met 3 of 4 vragen',
  home_step_2: 'Kandidaten antwoorden in 1 minuut',
  home_step_3: 'Ontvang de stories',
  home_step_4: 'Maak je shortlist',
  home_step_5: 'Neem contact op in de app',
  home_watch_video: 'Bekijk de presentatievideo',
  home_frame_title: 'Presentatie',
  home_video_captions: 'Ondertitels',
  home_company_signin: 'Rekruteert u? Aanmelden voor bedrijven',
  home_cta_title: 'Klaar om anders aan te werven?',
  home_cta_text: 'Download de app en publiceer je eerste vacature.',
  home_cta_button: 'Nu beginnen',
};

export default homeNl;
