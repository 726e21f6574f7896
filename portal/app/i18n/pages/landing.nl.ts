// The landing page's texts in Dutch. Same keys as landing.fr.ts.
import type fr from './landing.fr.js';

const landingNl: Record<keyof typeof fr, string> = {
  landing_meta_title: 'Kom bij {company}',
  landing_meta_description: 'Kies een winkel en een vacature van {company} en solliciteer op video via de app.',
  landing_not_found: 'Deze pagina bestaat niet.',
  landing_step: 'Stap {n}/2',
  landing_shop: 'Winkel',
  landing_offer: 'Vacature',
  landing_no_offers: 'Er staan momenteel geen vacatures open.',
  landing_next: 'Volgende',
  landing_finish: 'Afronden',
  landing_ready_title: 'Klaar voor je story!',
  landing_ready_1: 'Download de app en maak een account aan',
  landing_ready_2: 'Tik op de knop „Kandidaat”',
  landing_ready_3: 'Voer de vacaturecode in',
  landing_qr_alt: 'QR-code om de app te downloaden',
  landing_qr_hint: 'Scan deze code met je telefoon om de app te downloaden.',
  landing_saved: 'Je gegevens zijn opgeslagen.',
  landing_error: 'Je gegevens konden niet worden opgeslagen: {message}',
  landing_sso: 'Gebruikt je bedrijf single sign-on? Meld je in de app aan met je werk-e-mailadres.',
};

export default landingNl;
