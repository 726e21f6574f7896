// The landing page's texts in French, loaded only by its pages (decision 380); the other languages hold the same keys.
const landingFr = {
  landing_meta_title: 'Rejoignez {company}',
  landing_meta_description: 'Choisissez un magasin et une annonce de {company}, puis postulez en vidéo depuis l’application.',
  landing_not_found: 'Cette page n’existe pas.',
  landing_step: 'Étape {n}/2',
  landing_shop: 'Magasin',
  landing_offer: 'Annonce',
  landing_no_offers: 'Aucune annonce n’est ouverte pour le moment.',
  landing_next: 'Suivant',
  landing_finish: 'Terminer',
  landing_ready_title: 'Prêt pour votre story !',
  landing_ready_1: 'Téléchargez l’application et créez un compte',
  landing_ready_2: 'Cliquez sur le bouton « Candidat »',
  landing_ready_3: 'Saisissez le code de l’offre',
  landing_qr_alt: 'QR code pour télécharger l’application',
  landing_qr_hint: 'Scannez ce code avec votre téléphone pour télécharger l’application.',
  landing_saved: 'Vos coordonnées sont enregistrées.',
  landing_error: 'Vos coordonnées n’ont pas pu être enregistrées : {message}',
  landing_sso: 'Votre entreprise utilise l’authentification unique ? Connectez-vous avec votre e-mail professionnel dans l’application.',
} as const;

export default landingFr;
