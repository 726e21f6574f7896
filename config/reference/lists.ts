// The reference lists of the offer forms (public-web.md sections 3 and 9, back-office.md
// section 3), one entry per choice with its stable value and its name in each language.
// Values are what offers store; names are only shown. Order is the order of the pickers.
export interface Choice {
  value: string;
  fr: string;
  nl: string;
  en: string;
}

const c = (value: string, fr: string, nl: string, en: string): Choice => ({ value, fr, nl, en });

/** Contract types; cdi first: it is the templates' default (back-office.md section 3). */
export const CONT_TYPE: Choice[] = [
  c('cdi', 'CDI', 'Vast contract (onbepaalde duur)', 'Permanent contract'),
  c('cdd', 'CDD', 'Contract van bepaalde duur', 'Fixed-term contract'),
  c('interim', 'Intérim', 'Uitzendwerk', 'Temporary (agency) work'),
  c('stage', 'Stage', 'Stage', 'Internship'),
  c('alternance', 'Alternance', 'Duaal leren', 'Work-study'),
  c('indep', 'Indépendant / Freelance', 'Zelfstandige / Freelance', 'Freelance'),
  c('vie', 'VIE (volontariat international)', 'VIE (internationaal vrijwilligerswerk)', 'VIE (international volunteer programme)'),
];

export const PAY_PERIOD: Choice[] = [
  c('month', 'Par mois', 'Per maand', 'Per month'),
  c('day', 'Par jour', 'Per dag', 'Per day'),
  c('year', 'Par an', 'Per jaar', 'Per year'),
  c('hour', 'Par heure', 'Per uur', 'Per hour'),
];

/** Euros first: EUR is the default currency. */
export const PAY_CURRENCY: Choice[] = [c('EUR', 'Euros (€)', 'Euro (€)', 'Euros (€)'), c('USD', 'Dollars ($)', 'Dollar ($)', 'Dollars ($)')];

export const CANDIDATE_GRADUATION: Choice[] = [
  c('no_care', 'Peu importe', 'Maakt niet uit', 'No requirement'),
  c('unqualified', 'Sans diplôme', 'Geen diploma', 'No qualification'),
  c('cap', 'CAP', 'CAP (beroepsbekwaamheid)', 'CAP (vocational certificate)'),
  c('bep', 'BEP', 'BEP (beroepsonderwijs)', 'BEP (vocational diploma)'),
  c('bac', 'Bac', 'Diploma secundair onderwijs', 'High school diploma (Bac)'),
  c('bac1', 'Bac +1', 'Bac +1', 'Bac +1'),
  c('bac2', 'Bac +2', 'Bac +2 (graduaat)', 'Bac +2 (associate degree)'),
  c('bac3', 'Bac +3', 'Bac +3 (bachelor)', "Bac +3 (bachelor's degree)"),
  c('bac4', 'Bac +4', 'Bac +4', 'Bac +4'),
  c('bac5', 'Bac +5', 'Bac +5 (master)', "Bac +5 (master's degree)"),
  c('bac_5_plus', 'Au-delà de Bac +5', 'Meer dan bac +5', 'Beyond Bac +5'),
];

/** Experience bands; see docs/decisions/010-reference-lists.md for the values. */
export const CANDIDATE_EXPERIENCE: Choice[] = [
  c('none', 'Aucune expérience', 'Geen ervaring', 'No experience'),
  c('lt_6m', 'Moins de 6 mois', 'Minder dan 6 maanden', 'Less than 6 months'),
  c('6m_2y', '6 mois à 2 ans', '6 maanden tot 2 jaar', '6 months to 2 years'),
  c('2y_5y', '2 à 5 ans', '2 tot 5 jaar', '2 to 5 years'),
  c('5y_10y', '5 à 10 ans', '5 tot 10 jaar', '5 to 10 years'),
  c('gt_10y', 'Plus de 10 ans', 'Meer dan 10 jaar', 'More than 10 years'),
];

/** Job categories of the retail, franchise and services networks the product recruits for. */
export const JOB_CAT: Choice[] = [
  c('vente', 'Vente / Conseil en magasin', 'Verkoop / Winkeladvies', 'Sales / Store advisor'),
  c('caisse', 'Caisse / Accueil', 'Kassa / Onthaal', 'Checkout / Reception'),
  c('mise_en_rayon', 'Mise en rayon / Réassort', 'Vakkenvullen / Aanvullen', 'Shelf stocking / Replenishment'),
  c('management_magasin', 'Management de magasin', 'Winkelmanagement', 'Store management'),
  c('restauration', 'Restauration / Service en salle', 'Horeca / Bediening', 'Restaurant / Table service'),
  c('cuisine', 'Cuisine', 'Keuken', 'Kitchen'),
  c('restauration_rapide', 'Restauration rapide', 'Fastfood', 'Fast food'),
  c('boulangerie', 'Boulangerie / Pâtisserie', 'Bakkerij / Banketbakkerij', 'Bakery / Pastry'),
  c('boucherie', 'Boucherie / Charcuterie / Traiteur', 'Slagerij / Charcuterie / Traiteur', 'Butchery / Delicatessen'),
  c('hotellerie', 'Hôtellerie / Réception', 'Hotelwezen / Receptie', 'Hospitality / Front desk'),
  c('logistique', 'Logistique / Entrepôt', 'Logistiek / Magazijn', 'Logistics / Warehouse'),
  c('livraison', 'Livraison / Transport', 'Levering / Transport', 'Delivery / Driving'),
  c('beaute', 'Coiffure / Esthétique', 'Kapsalon / Schoonheidszorg', 'Hairdressing / Beauty'),
  c('sante', 'Pharmacie / Optique / Santé', 'Apotheek / Optiek / Zorg', 'Pharmacy / Optics / Health'),
  c('services_personne', 'Services à la personne', 'Thuiszorg / Persoonlijke dienstverlening', 'Home care services'),
  c('proprete', 'Propreté / Nettoyage', 'Schoonmaak', 'Cleaning'),
  c('securite', 'Sécurité / Surveillance', 'Beveiliging / Bewaking', 'Security'),
  c('relation_client', 'Relation client / Centre d’appels', 'Klantenservice / Callcenter', 'Customer service / Call centre'),
  c('administratif', 'Administratif / Secrétariat', 'Administratie / Secretariaat', 'Administration / Office'),
  c('automobile', 'Automobile / Mécanique', 'Automobiel / Mechanica', 'Automotive / Mechanics'),
  c('bricolage', 'Bricolage / Jardinerie', 'Doe-het-zelf / Tuincentrum', 'DIY / Garden centre'),
  c('mode', 'Mode / Textile', 'Mode / Textiel', 'Fashion / Clothing'),
];

/** Interview questions a recruiter can pick in the wizard; the first three prefill templates. */
export const Q_TEMPLATE: Choice[] = [
  c('pitch', 'Présentez-vous en une minute.', 'Stel jezelf voor in één minuut.', 'Introduce yourself in one minute.'),
  c('motivation', 'Pourquoi souhaitez-vous rejoindre notre équipe ?', 'Waarom wil je ons team versterken?', 'Why do you want to join our team?'),
  c('last_job', 'Parlez-nous de votre dernière expérience professionnelle.', 'Vertel ons over je laatste werkervaring.', 'Tell us about your most recent work experience.'),
  c(
    'happy_customer',
    'Racontez une situation où vous avez rendu un client satisfait.',
    'Vertel over een moment waarop je een klant tevreden hebt gemaakt.',
    'Describe a time you made a customer happy.',
  ),
  c('unhappy_customer', 'Comment réagissez-vous face à un client mécontent ?', 'Hoe reageer je op een ontevreden klant?', 'How do you deal with an unhappy customer?'),
  c('teamwork', 'Que vous apporte le travail en équipe ?', 'Wat betekent samenwerken in een team voor jou?', 'What does working in a team bring you?'),
  c('strengths', 'Quelles sont vos principales qualités ?', 'Wat zijn je belangrijkste kwaliteiten?', 'What are your main strengths?'),
  c(
    'availability',
    'Quelles sont vos disponibilités (horaires, week-ends, date de début) ?',
    'Wanneer ben je beschikbaar (uren, weekends, startdatum)?',
    'When are you available (hours, weekends, start date)?',
  ),
  c('rush', 'Comment gérez-vous les moments de forte affluence ?', 'Hoe ga je om met drukke momenten?', 'How do you cope with rush hours?'),
  c('three_years', 'Où vous voyez-vous dans trois ans ?', 'Waar zie je jezelf over drie jaar?', 'Where do you see yourself in three years?'),
  c(
    'passion',
    'Parlez-nous d’une passion ou d’un loisir qui vous tient à cœur.',
    'Vertel ons over een passie of hobby die je nauw aan het hart ligt.',
    'Tell us about a passion or hobby that matters to you.',
  ),
];

/** Languages an offer can be published in (the offer flow offers French and Dutch). */
export const LANGUAGES: Choice[] = [c('fr', 'Français', 'Frans', 'French'), c('nl', 'Néerlandais', 'Nederlands', 'Dutch')];
