// The legal pages' texts. They exist in French only (public-web.md section 1): the same text
// is served whatever the visitor's language, with the page chrome in that language.
export interface LegalSection {
  title: string;
  paragraphs: string[];
}
export interface LegalPage {
  title: string;
  description: string;
  updated?: string;
  sections: LegalSection[];
}

export const LAST_UPDATE = '04/10/2020';

export const privacy: LegalPage = {
  title: 'Politique de confidentialité',
  description: 'Comment nous collectons, utilisons et conservons vos données personnelles.',
  updated: LAST_UPDATE,
  sections: [
    {
      title: 'Responsable du traitement',
      paragraphs: ['L’éditeur du service de recrutement vidéo (voir les mentions légales) est responsable du traitement des données personnelles collectées par l’application mobile et le site.'],
    },
    {
      title: 'Données collectées',
      paragraphs: [
        'Candidats : nom, prénom, adresse e-mail, numéro de téléphone, photo de profil, CV facultatif et réponses vidéo (stories) aux questions des recruteurs.',
        'Recruteurs et gérants : nom, adresse e-mail, téléphone, entreprise, offres publiées et échanges avec les candidats.',
        'Nous ne collectons pas, en principe, de données concernant des enfants de moins de 15 ans.',
      ],
    },
    {
      title: 'Finalités',
      paragraphs: [
        'Les données servent à mettre en relation candidats et recruteurs : publier des offres, y répondre en vidéo, présélectionner, contacter et échanger par messagerie ou visioconférence.',
        'Un recruteur peut partager la story d’un candidat par un lien web limité à 50 vues hors de l’application.',
      ],
    },
    {
      title: 'Durées de conservation',
      paragraphs: ['Les stories sont supprimées 12 mois après leur publication.', 'Les comptes inactifs depuis plus de trois ans sont supprimés après un avertissement envoyé à l’utilisateur.'],
    },
    {
      title: 'Vos droits',
      paragraphs: [
        'Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité de vos données. Écrivez-nous à l’adresse indiquée dans les mentions légales. Vous pouvez aussi saisir la CNIL.',
      ],
    },
  ],
};

export const terms: LegalPage = {
  title: 'Conditions générales de vente et d’utilisation',
  description: 'Les règles d’utilisation de l’application et du site de recrutement vidéo.',
  updated: LAST_UPDATE,
  sections: [
    {
      title: 'Objet',
      paragraphs: [
        'Le service permet aux recruteurs de publier des offres d’emploi et aux candidats d’y répondre par des stories vidéo depuis l’application mobile pour iOS et Android, ou par le formulaire web d’une offre.',
      ],
    },
    {
      title: 'Compte',
      paragraphs: [
        'La création d’un compte est réservée aux personnes âgées de plus de 16 ans.',
        'Pour les recruteurs, la création d’un compte passe par un abonnement payant souscrit via l’App Store d’Apple ou le Google Play Store.',
      ],
    },
    {
      title: 'Offres et candidatures',
      paragraphs: [
        'Une offre de recruteur comporte 5 questions. Un candidat répond à une offre par 3 à 5 stories, d’une minute maximum chacune.',
        'Un recruteur peut partager la candidature d’un candidat par un lien consultable 50 fois au maximum hors de l’application.',
      ],
    },
    {
      title: 'Droit de rétractation',
      paragraphs: [
        'Les professionnels employant au plus cinq salariés disposent d’un droit de rétractation de 14 jours à compter de la souscription, dans les conditions prévues par le Code de la consommation.',
      ],
    },
    {
      title: 'Données personnelles',
      paragraphs: ['Le traitement des données est décrit dans la politique de confidentialité.'],
    },
  ],
};

export const legals: LegalPage = {
  title: 'Mentions légales',
  description: 'Éditeur, hébergement et contact du service de recrutement vidéo.',
  sections: [
    {
      title: 'Éditeur',
      paragraphs: ['Le service de recrutement vidéo est édité par la société exploitant la plateforme. Contact : contact@recrutement-video.fr.'],
    },
    {
      title: 'Hébergement',
      paragraphs: ['Le site et l’API sont hébergés sur des serveurs situés dans l’Union européenne.'],
    },
    {
      title: 'Propriété intellectuelle',
      paragraphs: [
        'Les contenus du site (textes, marques, logos) sont protégés. Les stories vidéo restent la propriété de leurs auteurs, qui en autorisent la diffusion aux recruteurs des offres auxquelles ils répondent.',
      ],
    },
  ],
};
