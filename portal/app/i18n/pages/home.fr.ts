// The home page's texts in French, loaded only by its pages (decision 380); the other languages hold the same keys.
const homeFr = {
  home_meta_title: 'Recrutement vidéo : recrutez plus vite avec des candidatures en vidéo',
  home_meta_description: 'Jusqu’à 70 % de temps gagné par recrutement : vos candidats répondent à vos questions en vidéo depuis l’application.',
  home_title: 'Recrutez en vidéo, gagnez jusqu’à 70 % de temps par recrutement',
  home_subtitle: 'Vos candidats répondent à vos questions en stories vidéo d’une minute. Vous découvrez la personne avant le CV.',
  home_benefits_title: 'Pourquoi recruter en vidéo',
  home_benefit_hours: 'Économisez des dizaines d’heures',
  home_benefit_human: 'L’humain avant le CV',
  home_benefit_motivated: 'Uniquement des candidatures motivées',
  home_benefit_modern: 'Un recrutement moderne, digital et éthique',
  home_steps_title: 'Comment ça marche',
  home_step_1: 'Créez une offre avec 3 ou 4 questions',
  home_step_2: 'Les candidats répondent en 1 minute',
  home_step_3: 'Recevez les stories',
  home_step_4: 'Faites votre présélection',
  home_step_5: 'Contactez les candidats dans l’application',
  home_watch_video: 'Voir la vidéo de présentation',
  home_frame_title: 'Présentation',
  home_video_captions: 'Sous-titres',
  home_company_signin: 'Vous recrutez ? Connexion entreprise',
  home_cta_title: 'Prêt à recruter autrement ?',
  home_cta_text: 'Téléchargez l’application et publiez votre première offre.',
  home_cta_button: 'Commencer maintenant',
} as const;

export default homeFr;
