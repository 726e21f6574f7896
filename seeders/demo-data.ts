// The demo's content: a French franchise example (docs/decisions/030-demo-seed.md).
// Plain data only; seeders/demo.ts turns it into rows. Dates are offsets from "now".

export const DEMO_PASSWORD = 'demo1234';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Fixed user ids; the four sign-ins of the README are admin, manager, recruiter, candidate. */
export const DEMO_IDS = {
  admin: uuid(1),
  manager: uuid(2),
  recruiter: uuid(3),
  candidate: uuid(4),
  managerLyon: uuid(5),
  recruiterBastille: uuid(6),
  recruiterLyon: uuid(7),
  recruiterCustom: uuid(8),
  landingUser: uuid(9),
  lucas: uuid(10),
  chloe: uuid(11),
  hugo: uuid(12),
  lea: uuid(13),
  nathan: uuid(14),
  manon: uuid(15),
  louis: uuid(16),
  camille: uuid(17),
  ines: uuid(18),
  theo: uuid(19),
  jade: uuid(20),
  tom: uuid(21),
  sarah: uuid(22),
  enzo: uuid(23),
} as const;
export type DemoUserKey = keyof typeof DEMO_IDS;

export const DEMO_JOB_CODE = 'CAFE75';
export const DEMO_LANDING = 'maison-demo';
export const DEMO_SHARE_ID = 'demo-share-1';
export const DEMO_DRAFT_TOKEN = 'demo-draft-maison-0001';
/**
 * The demo's interview invitations to CAFE75 (decision 430), for the pages a candidate reaches from
 * its messages: one past its deadline (the 410 page), one open (the unsubscribe form), one whose
 * address unsubscribed (the page saying so). Fixed ids and nonces: their signed links are computed
 * with the server's secret (tests/helpers/demo-invitations.ts).
 */
export const DEMO_INVITATIONS = {
  expired: { id: 1, nonce: 'demo-invitation-expired-01', email: 'invitee.expired@demo.test', deadlineAgo: 2 * 24 * 3600_000 },
  open: { id: 2, nonce: 'demo-invitation-open-000001', email: 'invitee.open@demo.test', deadlineAgo: -5 * 24 * 3600_000 },
  unsubscribed: { id: 3, nonce: 'demo-invitation-optout-0001', email: 'invitee.unsubscribed@demo.test', deadlineAgo: -5 * 24 * 3600_000 },
} as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export { HOUR, DAY };

export interface DemoUser {
  key: DemoUserKey;
  email: string;
  name: string;
  profile: 'candidate' | 'recruiter' | 'manager' | 'landing';
  is_admin?: boolean;
  user_plan?: 'free' | 'aplan' | 'bplan' | 'custom';
  phone?: string;
  /** How long before now the account was created. */
  age: number;
  /** How long before now the user last signed in (none: never). */
  last_co?: number;
  av_boost?: number;
  cgu_from?: string;
  customer_name?: string;
  is_migration?: boolean;
  sub_topics?: string[];
}

export const USERS: DemoUser[] = [
  { key: 'admin', email: 'admin@demo.test', name: 'Alice Admin', profile: 'recruiter', is_admin: true, age: 400 * DAY, last_co: 2 * HOUR },
  {
    key: 'manager',
    email: 'manager@demo.test',
    name: 'Claire Dubois',
    profile: 'manager',
    user_plan: 'bplan',
    phone: '+33612345678',
    age: 200 * DAY,
    last_co: 3 * HOUR,
    av_boost: 3,
    customer_name: 'Maison Demo',
  },
  {
    key: 'managerLyon',
    email: 'manager.lyon@demo.test',
    name: 'Marc Perrin',
    profile: 'manager',
    user_plan: 'aplan',
    phone: '+33478123456',
    age: 150 * DAY,
    last_co: 5 * DAY,
    av_boost: 1,
    customer_name: 'Fournil Rhône',
  },
  { key: 'recruiter', email: 'recruiter@demo.test', name: 'Julien Martin', profile: 'recruiter', phone: '+33623456789', age: 180 * DAY, last_co: 1 * HOUR },
  { key: 'recruiterBastille', email: 'sophie.bernard@demo.test', name: 'Sophie Bernard', profile: 'recruiter', phone: '+33634567890', age: 170 * DAY, last_co: 2 * DAY },
  { key: 'recruiterLyon', email: 'karim.haddad@demo.test', name: 'Karim Haddad', profile: 'recruiter', phone: '+33645678901', age: 140 * DAY, last_co: 9 * HOUR },
  { key: 'recruiterCustom', email: 'paul.lefevre@demo.test', name: 'Paul Lefèvre', profile: 'recruiter', user_plan: 'custom', age: 120 * DAY, last_co: 30 * DAY, is_migration: true },
  {
    key: 'candidate',
    email: 'candidate@demo.test',
    name: 'Emma Petit',
    profile: 'candidate',
    phone: '+33656789012',
    age: 60 * DAY,
    last_co: 4 * HOUR,
    cgu_from: 'talent',
    sub_topics: ['restauration', 'vente'],
  },
  { key: 'landingUser', email: 'yanis.morel@demo.test', name: 'Yanis Morel', profile: 'landing', phone: '+33667890123', age: 20 * DAY, cgu_from: 'landing/maison-demo' },
  { key: 'lucas', email: 'lucas.moreau@demo.test', name: 'Lucas Moreau', profile: 'candidate', phone: '+33611111111', age: 30 * DAY, last_co: 1 * DAY },
  { key: 'chloe', email: 'chloe.laurent@demo.test', name: 'Chloé Laurent', profile: 'candidate', phone: '+33622222222', age: 28 * DAY, last_co: 2 * DAY },
  { key: 'hugo', email: 'hugo.simon@demo.test', name: 'Hugo Simon', profile: 'candidate', phone: '+33633333333', age: 25 * DAY },
  { key: 'lea', email: 'lea.michel@demo.test', name: 'Léa Michel', profile: 'candidate', phone: '+33644444444', age: 24 * DAY, cgu_from: 'TS' },
  { key: 'nathan', email: 'nathan.garcia@demo.test', name: 'Nathan Garcia', profile: 'candidate', phone: '+33655555555', age: 22 * DAY, last_co: 6 * HOUR },
  { key: 'manon', email: 'manon.david@demo.test', name: 'Manon David', profile: 'candidate', phone: '+33666666666', age: 40 * DAY, cgu_from: 'CS' },
  { key: 'louis', email: 'louis.bertrand@demo.test', name: 'Louis Bertrand', profile: 'candidate', phone: '+33677777777', age: 15 * DAY },
  { key: 'camille', email: 'camille.roux@demo.test', name: 'Camille Roux', profile: 'candidate', phone: '+33688888888', age: 12 * DAY },
  { key: 'ines', email: 'ines.fontaine@demo.test', name: 'Inès Fontaine', profile: 'candidate', phone: '+33699999999', age: 10 * DAY },
  { key: 'theo', email: 'theo.chevalier@demo.test', name: 'Théo Chevalier', profile: 'candidate', age: 90 * DAY, is_migration: true },
  // No application: Jade (3 days old) is contactable, Tom (1 hour old) not yet, Sarah is closed.
  { key: 'jade', email: 'jade.girard@demo.test', name: 'Jade Girard', profile: 'candidate', phone: '+33610101010', age: 3 * DAY },
  { key: 'tom', email: 'tom.lambert@demo.test', name: 'Tom Lambert', profile: 'candidate', phone: '+33620202020', age: 1 * HOUR },
  { key: 'sarah', email: 'sarah.bonnet@demo.test', name: 'Sarah Bonnet', profile: 'candidate', phone: '+33630303030', age: 8 * DAY },
  { key: 'enzo', email: 'enzo.rousseau@demo.test', name: 'Enzo Rousseau', profile: 'candidate', age: 10 * DAY },
];

/** Recruiters in each manager's list (a manager is in their own list: back-office.md section 5). */
export const MANAGER_RECRUITERS: Array<[DemoUserKey, DemoUserKey]> = [
  ['manager', 'manager'],
  ['manager', 'recruiter'],
  ['manager', 'recruiterBastille'],
  ['managerLyon', 'managerLyon'],
  ['managerLyon', 'recruiterLyon'],
  ['managerLyon', 'recruiterCustom'],
];

export interface DemoAddress {
  street: string;
  city: string;
  zip_code: string;
  area: string;
  sub_area: string;
  lat: number;
  lng: number;
}

export interface DemoShop {
  id: number;
  manager: DemoUserKey;
  recruiter: DemoUserKey;
  shopname: string;
  address: DemoAddress;
}

const idf = { area: 'Île-de-France' };
const ara = { area: 'Auvergne-Rhône-Alpes' };

export const SHOPS: DemoShop[] = [
  {
    id: 1,
    manager: 'manager',
    recruiter: 'recruiter',
    shopname: 'Maison Demo Marais',
    address: { street: '12 Rue de Bretagne', city: 'Paris', zip_code: '75003', ...idf, sub_area: 'Paris', lat: 48.8634, lng: 2.3622 },
  },
  {
    id: 2,
    manager: 'manager',
    recruiter: 'recruiter',
    shopname: 'Maison Demo Montmartre',
    address: { street: '30 Rue des Abbesses', city: 'Paris', zip_code: '75018', ...idf, sub_area: 'Paris', lat: 48.8845, lng: 2.337 },
  },
  {
    id: 3,
    manager: 'manager',
    recruiter: 'recruiterBastille',
    shopname: 'Maison Demo Bastille',
    address: { street: '5 Rue de la Roquette', city: 'Paris', zip_code: '75011', ...idf, sub_area: 'Paris', lat: 48.854, lng: 2.3722 },
  },
  {
    id: 4,
    manager: 'manager',
    recruiter: 'recruiterBastille',
    shopname: 'Maison Demo Boulogne',
    address: { street: '80 Route de la Reine', city: 'Boulogne-Billancourt', zip_code: '92100', ...idf, sub_area: 'Hauts-de-Seine', lat: 48.8397, lng: 2.2399 },
  },
  {
    id: 5,
    manager: 'managerLyon',
    recruiter: 'recruiterLyon',
    shopname: 'Fournil Bellecour',
    address: { street: '10 Rue de la Barre', city: 'Lyon', zip_code: '69002', ...ara, sub_area: 'Rhône', lat: 45.7578, lng: 4.8354 },
  },
  {
    id: 6,
    manager: 'managerLyon',
    recruiter: 'recruiterLyon',
    shopname: 'Fournil Croix-Rousse',
    address: { street: '4 Place de la Croix-Rousse', city: 'Lyon', zip_code: '69004', ...ara, sub_area: 'Rhône', lat: 45.7745, lng: 4.8317 },
  },
  {
    id: 7,
    manager: 'managerLyon',
    recruiter: 'recruiterCustom',
    shopname: 'Fournil Villeurbanne',
    address: { street: '25 Cours Émile Zola', city: 'Villeurbanne', zip_code: '69100', ...ara, sub_area: 'Rhône', lat: 45.7706, lng: 4.8795 },
  },
];

export const COMPANIES = {
  maison: {
    company_name: 'Maison Demo',
    company_picture: 'avatar/icon_company.png',
    company_description: 'Maison Demo est un réseau de cafés et boulangeries de quartier à Paris et en proche banlieue : pains cuits sur place, cafés de torréfacteurs et une équipe qui se connaît.',
  },
  fournil: {
    company_name: 'Fournil Rhône',
    company_picture: 'avatar/icon_company.png',
    company_description: 'Fournil Rhône fait vivre trois boulangeries lyonnaises : levain maison, farines de la région et viennoiseries du matin.',
  },
} as const;
export type CompanyKey = keyof typeof COMPANIES;

export const QUESTIONS = [
  'Présentez-vous en une minute.',
  'Pourquoi ce poste vous intéresse-t-il ?',
  'Racontez une situation où vous avez rendu un client heureux.',
  'Quelles sont vos disponibilités dans la semaine ?',
  'Comment réagissez-vous face à un coup de feu ?',
];

export interface DemoJob {
  title: string;
  description: string;
  qualification: string;
  contract_type: string;
  experience: string;
  graduation: string;
  pay_min: number;
  pay_max: number;
  pay_period: string;
  tags: string[];
}

export const JOBS = {
  serveur: {
    title: 'Serveur / Serveuse en café',
    description: 'Accueil des clients, prise de commande, service en salle et en terrasse, encaissement. Équipe de six personnes, deux jours de repos consécutifs.',
    qualification: 'Sourire, sens du service, bonne présentation. Le port de plateau s’apprend chez nous.',
    contract_type: 'cdi',
    experience: 'lt_6m',
    graduation: 'no_care',
    pay_min: 1800,
    pay_max: 2000,
    pay_period: 'month',
    tags: ['restauration'],
  },
  barista: {
    title: 'Barista',
    description: 'Préparation des boissons chaudes et froides, réglage du moulin chaque matin, conseil sur les cafés de la semaine.',
    qualification: 'Goût du café et du travail soigné ; une première expérience derrière un comptoir est un plus.',
    contract_type: 'cdi',
    experience: '6m_2y',
    graduation: 'no_care',
    pay_min: 1850,
    pay_max: 2100,
    pay_period: 'month',
    tags: ['restauration'],
  },
  commis: {
    title: 'Commis de cuisine',
    description: 'Mise en place, préparation des entrées et des desserts, respect des règles d’hygiène.',
    qualification: 'CAP cuisine apprécié, rigueur et ponctualité.',
    contract_type: 'cdd',
    experience: 'none',
    graduation: 'cap',
    pay_min: 1750,
    pay_max: 1900,
    pay_period: 'month',
    tags: ['restauration'],
  },
  patissier: {
    title: 'Pâtissier / Pâtissière',
    description: 'Fabrication des entremets, tartes et viennoiseries du jour, gestion des commandes spéciales du week-end.',
    qualification: 'CAP pâtissier, créativité et organisation.',
    contract_type: 'cdi',
    experience: '2y_5y',
    graduation: 'cap',
    pay_min: 2000,
    pay_max: 2300,
    pay_period: 'month',
    tags: ['restauration', 'boulangerie'],
  },
  plongeur: {
    title: 'Plongeur / Plongeuse',
    description: 'Lavage de la vaisselle et des ustensiles, entretien de la plonge et de la réserve.',
    qualification: 'Endurance et esprit d’équipe.',
    contract_type: 'interim',
    experience: 'none',
    graduation: 'no_care',
    pay_min: 12,
    pay_max: 13,
    pay_period: 'hour',
    tags: ['restauration'],
  },
  barman: {
    title: 'Barman / Barmaid',
    description: 'Service au bar le soir, cocktails de la carte, tenue de la cave à bières.',
    qualification: 'Connaissance des classiques du bar, anglais courant apprécié.',
    contract_type: 'cdi',
    experience: '6m_2y',
    graduation: 'no_care',
    pay_min: 1900,
    pay_max: 2200,
    pay_period: 'month',
    tags: ['restauration'],
  },
  responsable: {
    title: 'Responsable de salle',
    description: 'Animation de l’équipe de salle, plannings, ouverture et fermeture, relation avec les clients habitués.',
    qualification: 'Expérience de management d’une petite équipe.',
    contract_type: 'cdi',
    experience: '2y_5y',
    graduation: 'bac',
    pay_min: 2400,
    pay_max: 2800,
    pay_period: 'month',
    tags: ['restauration', 'management_magasin'],
  },
  vendeur: {
    title: 'Vendeur / Vendeuse en boulangerie',
    description: 'Vente au comptoir, mise en rayon du pain et des viennoiseries, encaissement, ouverture à 6 h 30.',
    qualification: 'Aisance avec les clients, rapidité à la caisse.',
    contract_type: 'cdi',
    experience: 'none',
    graduation: 'no_care',
    pay_min: 1750,
    pay_max: 1850,
    pay_period: 'month',
    tags: ['vente', 'caisse'],
  },
  boulanger: {
    title: 'Boulanger / Boulangère',
    description: 'Pétrissage, façonnage et cuisson des pains au levain, de nuit, cinq nuits par semaine.',
    qualification: 'CAP boulanger, autonomie sur le fournil.',
    contract_type: 'cdi',
    experience: '2y_5y',
    graduation: 'cap',
    pay_min: 2100,
    pay_max: 2500,
    pay_period: 'month',
    tags: ['boulangerie'],
  },
  tourier: {
    title: 'Tourier / Tourière',
    description: 'Préparation des pâtes feuilletées et des croissants, tourage et façonnage.',
    qualification: 'Expérience en viennoiserie.',
    contract_type: 'cdd',
    experience: '6m_2y',
    graduation: 'cap',
    pay_min: 1900,
    pay_max: 2100,
    pay_period: 'month',
    tags: ['boulangerie'],
  },
  livreur: {
    title: 'Livreur / Livreuse à vélo',
    description: 'Livraison des commandes aux restaurants partenaires du quartier, le matin.',
    qualification: 'Permis B non requis ; vélo cargo fourni.',
    contract_type: 'cdd',
    experience: 'none',
    graduation: 'no_care',
    pay_min: 12,
    pay_max: 13,
    pay_period: 'hour',
    tags: ['logistique'],
  },
  entretien: {
    title: 'Agent / Agente d’entretien',
    description: 'Nettoyage du fournil et de la boutique après la fermeture.',
    qualification: 'Sérieux et discrétion.',
    contract_type: 'indep',
    experience: 'none',
    graduation: 'no_care',
    pay_min: 12,
    pay_max: 14,
    pay_period: 'hour',
    tags: ['proprete'],
  },
  stage: {
    title: 'Stage marketing local',
    description: 'Animation des réseaux sociaux des boutiques, photos des produits, organisation d’une dégustation par mois.',
    qualification: 'École de commerce ou de communication, à l’aise avec la photo.',
    contract_type: 'stage',
    experience: 'none',
    graduation: 'bac3',
    pay_min: 600,
    pay_max: 700,
    pay_period: 'month',
    tags: ['relation_client'],
  },
} satisfies Record<string, DemoJob>;
export type JobKey = keyof typeof JOBS;

export interface DemoOffer {
  id: number;
  job_code: string;
  job: JobKey;
  recruiter: DemoUserKey;
  /** The shop it is published for (its address); none for an offer made outside a shop. */
  shop?: number;
  company: CompanyKey;
  state: 'available' | 'closed';
  questions: number;
  age: number;
  boosted?: boolean;
}

const PARIS_STUDIO: DemoAddress = { street: '48 Rue de Turbigo', city: 'Paris', zip_code: '75003', area: 'Île-de-France', sub_area: 'Paris', lat: 48.8661, lng: 2.3556 };
const LYON_OFFICE: DemoAddress = { street: '15 Rue de la République', city: 'Lyon', zip_code: '69002', area: 'Auvergne-Rhône-Alpes', sub_area: 'Rhône', lat: 45.7622, lng: 4.8357 };
export const OFFICE_ADDRESS: Record<CompanyKey, DemoAddress> = { maison: PARIS_STUDIO, fournil: LYON_OFFICE };

// Job codes use the spec's alphabet: 0-9 and A-Z without I, O, U.
export const OFFERS: DemoOffer[] = [
  { id: 1, job_code: 'CAFE75', job: 'serveur', recruiter: 'recruiter', shop: 1, company: 'maison', state: 'available', questions: 3, age: 20 * DAY, boosted: true },
  { id: 2, job_code: 'BARM75', job: 'barista', recruiter: 'recruiter', shop: 1, company: 'maison', state: 'available', questions: 4, age: 18 * DAY },
  { id: 3, job_code: 'CHEF75', job: 'commis', recruiter: 'recruiter', shop: 1, company: 'maison', state: 'closed', questions: 5, age: 95 * DAY },
  { id: 4, job_code: 'MTMR18', job: 'serveur', recruiter: 'recruiter', shop: 2, company: 'maison', state: 'available', questions: 3, age: 16 * DAY },
  { id: 5, job_code: 'PATS18', job: 'patissier', recruiter: 'recruiter', shop: 2, company: 'maison', state: 'available', questions: 4, age: 14 * DAY },
  { id: 6, job_code: 'PLNG18', job: 'plongeur', recruiter: 'recruiter', shop: 2, company: 'maison', state: 'closed', questions: 3, age: 60 * DAY },
  { id: 7, job_code: 'BSTL11', job: 'serveur', recruiter: 'recruiterBastille', shop: 3, company: 'maison', state: 'available', questions: 3, age: 12 * DAY, boosted: true },
  { id: 8, job_code: 'BARS11', job: 'barman', recruiter: 'recruiterBastille', shop: 3, company: 'maison', state: 'available', questions: 4, age: 11 * DAY },
  { id: 9, job_code: 'RSPS11', job: 'responsable', recruiter: 'recruiterBastille', shop: 3, company: 'maison', state: 'available', questions: 5, age: 9 * DAY },
  { id: 10, job_code: 'BLGN92', job: 'serveur', recruiter: 'recruiterBastille', shop: 4, company: 'maison', state: 'available', questions: 3, age: 8 * DAY },
  { id: 11, job_code: 'VNDR92', job: 'vendeur', recruiter: 'recruiterBastille', shop: 4, company: 'maison', state: 'closed', questions: 3, age: 70 * DAY },
  { id: 12, job_code: 'CMMS92', job: 'commis', recruiter: 'recruiterBastille', shop: 4, company: 'maison', state: 'available', questions: 4, age: 7 * DAY },
  { id: 13, job_code: 'BLNG69', job: 'boulanger', recruiter: 'recruiterLyon', shop: 5, company: 'fournil', state: 'available', questions: 3, age: 21 * DAY },
  { id: 14, job_code: 'VNDB69', job: 'vendeur', recruiter: 'recruiterLyon', shop: 5, company: 'fournil', state: 'available', questions: 3, age: 19 * DAY },
  { id: 15, job_code: 'TRTR69', job: 'tourier', recruiter: 'recruiterLyon', shop: 6, company: 'fournil', state: 'available', questions: 4, age: 13 * DAY },
  { id: 16, job_code: 'LVRR69', job: 'livreur', recruiter: 'recruiterLyon', shop: 6, company: 'fournil', state: 'closed', questions: 3, age: 80 * DAY },
  { id: 17, job_code: 'CRXR69', job: 'vendeur', recruiter: 'recruiterLyon', shop: 6, company: 'fournil', state: 'available', questions: 5, age: 6 * DAY },
  { id: 18, job_code: 'VLRB69', job: 'boulanger', recruiter: 'recruiterCustom', shop: 7, company: 'fournil', state: 'available', questions: 3, age: 10 * DAY },
  { id: 19, job_code: 'VLRV69', job: 'vendeur', recruiter: 'recruiterCustom', shop: 7, company: 'fournil', state: 'available', questions: 4, age: 5 * DAY },
  { id: 20, job_code: 'VLRN69', job: 'entretien', recruiter: 'recruiterCustom', shop: 7, company: 'fournil', state: 'closed', questions: 3, age: 45 * DAY },
  { id: 21, job_code: 'PLFV69', job: 'livreur', recruiter: 'recruiterCustom', company: 'fournil', state: 'available', questions: 3, age: 4 * DAY },
  { id: 22, job_code: 'STGE75', job: 'stage', recruiter: 'recruiter', company: 'maison', state: 'available', questions: 5, age: 3 * DAY },
];

export type RecruiterState = 'new' | 'view' | 'shortlist' | 'wait_reject' | 'rejected' | 'to_recruit' | 'recruited';

export interface DemoApplication {
  id: number;
  candidate: DemoUserKey;
  offer: string;
  state: 'applying' | 'complete';
  recruiter_state: RecruiterState;
  /** Answered questions for an application still applying (complete ones answer all). */
  answered?: number;
  /** How long before now the candidate started; complete ones were submitted an hour later. */
  age: number;
  is_reco?: boolean;
  cv?: boolean;
}

export const APPLICATIONS: DemoApplication[] = [
  { id: 1, candidate: 'candidate', offer: 'CAFE75', state: 'complete', recruiter_state: 'shortlist', age: 9 * DAY, cv: true },
  { id: 2, candidate: 'lucas', offer: 'CAFE75', state: 'complete', recruiter_state: 'new', age: 2 * DAY },
  { id: 3, candidate: 'chloe', offer: 'CAFE75', state: 'complete', recruiter_state: 'view', age: 3 * DAY, cv: true },
  { id: 4, candidate: 'hugo', offer: 'CAFE75', state: 'complete', recruiter_state: 'wait_reject', age: 6 * DAY },
  { id: 5, candidate: 'lea', offer: 'CAFE75', state: 'complete', recruiter_state: 'rejected', age: 12 * DAY },
  { id: 6, candidate: 'nathan', offer: 'CAFE75', state: 'complete', recruiter_state: 'to_recruit', age: 8 * DAY, cv: true },
  { id: 7, candidate: 'manon', offer: 'CAFE75', state: 'complete', recruiter_state: 'recruited', age: 15 * DAY },
  { id: 8, candidate: 'candidate', offer: 'BSTL11', state: 'applying', recruiter_state: 'new', answered: 1, age: 1 * DAY },
  { id: 9, candidate: 'louis', offer: 'BARM75', state: 'complete', recruiter_state: 'new', age: 4 * DAY },
  { id: 10, candidate: 'louis', offer: 'MTMR18', state: 'applying', recruiter_state: 'new', answered: 0, age: 5 * HOUR },
  { id: 11, candidate: 'camille', offer: 'BSTL11', state: 'complete', recruiter_state: 'view', age: 5 * DAY },
  { id: 12, candidate: 'camille', offer: 'BLNG69', state: 'complete', recruiter_state: 'shortlist', age: 7 * DAY },
  { id: 13, candidate: 'ines', offer: 'BLNG69', state: 'complete', recruiter_state: 'new', age: 2 * DAY, is_reco: true },
  { id: 14, candidate: 'ines', offer: 'VNDB69', state: 'complete', recruiter_state: 'to_recruit', age: 6 * DAY, cv: true },
  { id: 15, candidate: 'theo', offer: 'CHEF75', state: 'complete', recruiter_state: 'rejected', age: 80 * DAY },
  { id: 16, candidate: 'manon', offer: 'PATS18', state: 'complete', recruiter_state: 'wait_reject', age: 10 * DAY },
  { id: 17, candidate: 'lucas', offer: 'VLRB69', state: 'applying', recruiter_state: 'new', answered: 2, age: 3 * HOUR },
];

export const WISHLIST: Array<{ id: number; candidate: DemoUserKey; offer: string; state: 'pending' | 'applying' | 'done'; age: number }> = [
  { id: 1, candidate: 'candidate', offer: 'CAFE75', state: 'done', age: 10 * DAY },
  { id: 2, candidate: 'candidate', offer: 'BSTL11', state: 'applying', age: 2 * DAY },
  { id: 3, candidate: 'candidate', offer: 'BARM75', state: 'pending', age: 1 * DAY },
  { id: 4, candidate: 'candidate', offer: 'BLNG69', state: 'pending', age: 20 * HOUR },
  { id: 5, candidate: 'louis', offer: 'MTMR18', state: 'applying', age: 6 * HOUR },
  { id: 6, candidate: 'louis', offer: 'BARM75', state: 'done', age: 5 * DAY },
  { id: 7, candidate: 'enzo', offer: 'PATS18', state: 'pending', age: 9 * DAY },
  { id: 8, candidate: 'enzo', offer: 'VLRB69', state: 'pending', age: 8 * DAY },
  { id: 9, candidate: 'jade', offer: 'CAFE75', state: 'pending', age: 2 * DAY },
  { id: 10, candidate: 'camille', offer: 'BLNG69', state: 'done', age: 8 * DAY },
];

export const LANDING_INTERESTS: Array<{
  id: number;
  email: string;
  job_code: string;
  firstname: string;
  lastname: string;
  phone_number: string | null;
  cgu_from: string;
  notif: 0 | 2 | 3;
  age: number;
  user?: DemoUserKey;
  custom?: string;
}> = [
  {
    id: 1,
    email: 'marie.leroy@demo.test',
    job_code: 'CAFE75',
    firstname: 'Marie',
    lastname: 'Leroy',
    phone_number: '+33601020304',
    cgu_from: 'landing/maison-demo',
    notif: 0,
    age: 2 * HOUR,
    custom: 'Maison Demo',
  },
  {
    id: 2,
    email: 'antoine.mercier@demo.test',
    job_code: 'BSTL11',
    firstname: 'Antoine',
    lastname: 'Mercier',
    phone_number: '+33605060708',
    cgu_from: 'landing/maison-demo',
    notif: 2,
    age: 2 * DAY,
    custom: 'Maison Demo',
  },
  {
    id: 3,
    email: 'lina.faure@demo.test',
    job_code: 'BLNG69',
    firstname: 'Lina',
    lastname: 'Faure',
    phone_number: '+33609080706',
    cgu_from: 'landing/fournil-rhone',
    notif: 3,
    age: 4 * DAY,
    custom: 'Fournil Rhône',
  },
  { id: 4, email: 'kevin.blanc@demo.test', job_code: 'CAFE75', firstname: 'Kévin', lastname: 'Blanc', phone_number: '+33604030201', cgu_from: 'web', notif: 0, age: 3 * DAY },
  {
    id: 5,
    email: 'yanis.morel@demo.test',
    job_code: 'MTMR18',
    firstname: 'Yanis',
    lastname: 'Morel',
    phone_number: '+33667890123',
    cgu_from: 'landing/maison-demo',
    notif: 3,
    age: 20 * DAY,
    user: 'landingUser',
    custom: 'Maison Demo',
  },
  {
    id: 6,
    email: 'ana.lopez@demo.test',
    job_code: 'VNDB69',
    firstname: 'Ana',
    lastname: 'Lopez',
    phone_number: null,
    cgu_from: 'landing/fournil-rhone',
    notif: 2,
    age: 6 * DAY,
    custom: 'Fournil Rhône',
  },
];

export const CONTACT_EVENTS: Array<{ id: number; user: DemoUserKey; action: 'sms' | 'email' | 'voice_msg' | 'no_response' | 'will_postulate'; age: number }> = [
  { id: 1, user: 'jade', action: 'sms', age: 2 * DAY },
  { id: 2, user: 'jade', action: 'will_postulate', age: 1 * DAY },
  { id: 3, user: 'enzo', action: 'email', age: 7 * DAY },
  { id: 4, user: 'enzo', action: 'no_response', age: 4 * DAY },
  { id: 5, user: 'sarah', action: 'voice_msg', age: 6 * DAY },
];

export const CLOSE_EVENTS: Array<{ id: number; user: DemoUserKey; age: number }> = [{ id: 1, user: 'sarah', age: 5 * DAY }];
