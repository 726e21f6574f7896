// The home page's texts in English. Same keys as home.fr.ts.
import type fr from './home.fr.js';

const homeEn: Record<keyof typeof fr, string> = {
  home_meta_title: 'Video recruitment: hire faster with video applications',
  home_meta_description: 'Save up to 70% of your time per recruitment: candidates answer your questions on video from the app.',
  home_title: 'Recruit on video and save up to 70% of your time per hire',
  home_subtitle: 'Candidates answer your questions with one-minute video stories. You meet the person before the resume.',
  home_benefits_title: 'Why recruit on video',
  home_benefit_hours: 'Save dozens of hours',
  home_benefit_human: 'The human before the resume',
  home_benefit_motivated: 'Only motivated applications',
  home_benefit_modern: 'Modern, digital and ethical recruitment',
  home_steps_title: 'How it works',
  home_step_1: 'Create an offer with 3 or 4 questions',
  home_step_2: 'Candidates answer in 1 minute',
  home_step_3: 'Receive the stories',
  home_step_4: 'Build your shortlist',
  home_step_5: 'Contact candidates in the app',
  home_watch_video: 'Watch the presentation video',
  home_frame_title: 'Presentation',
  home_video_captions: 'Captions',
  home_company_signin: 'Recruiting? Company sign-in',
  home_cta_title: 'Ready to recruit differently?',
  home_cta_text: 'Download the app and publish your first offer.',
  home_cta_button: 'Get started',
};

export default homeEn;
