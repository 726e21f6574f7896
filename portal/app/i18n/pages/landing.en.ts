// The landing page's texts in English. Same keys as landing.fr.ts.
import type fr from './landing.fr.js';

const landingEn: Record<keyof typeof fr, string> = {
  landing_meta_title: 'Join {company}',
  landing_meta_description: 'Choose a {company} shop and offer, then apply on video from the app.',
  landing_not_found: 'This page does not exist.',
  landing_step: 'Step {n}/2',
  landing_shop: 'Shop',
  landing_offer: 'Offer',
  landing_no_offers: 'No offer is open at the moment.',
  landing_next: 'Next',
  landing_finish: 'Finish',
  landing_ready_title: 'Ready for your story!',
  landing_ready_1: 'Download the app and create an account',
  landing_ready_2: 'Tap the “Candidate” button',
  landing_ready_3: 'Enter the offer code',
  landing_qr_alt: 'QR code to download the app',
  landing_qr_hint: 'Scan this code with your phone to download the app.',
  landing_saved: 'Your details are saved.',
  landing_error: 'Your details could not be saved: {message}',
  landing_sso: 'Does your company use single sign-on? Sign in with your work email in the app.',
};

export default landingEn;
