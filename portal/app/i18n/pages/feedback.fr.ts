// The feedback page's texts in French, loaded only by its pages (decision 380); the other languages hold the same keys.
const feedbackFr = {
  err_internal: 'Nous avons rencontré un problème. Merci de réessayer plus tard.',
  feedback_meta_title: 'Candidature partagée',
  feedback_meta_description: 'Regardez les réponses vidéo d’un candidat et donnez votre avis au recruteur.',
  feedback_loading: 'Chargement…',
  feedback_max_views: 'Nombre maximum de vues atteint. Contactez le recruteur pour obtenir un nouveau lien.',
  feedback_no_result: 'Aucun résultat pour ce lien.',
  feedback_shared_by: 'Partagé par {recruiter}',
  feedback_picture_alt: 'Photo de {name}',
  feedback_player_label: 'Réponses vidéo du candidat',
  feedback_question: 'Question {n} sur {total}',
  feedback_previous: 'Question précédente',
  feedback_next: 'Question suivante',
  feedback_play: 'Lecture',
  feedback_pause: 'Pause',
  feedback_video_error: 'Cette vidéo ne peut pas être lue.',
  feedback_form_title: 'Votre avis',
  feedback_name: 'Votre nom',
  feedback_vote: 'Votre vote',
  feedback_vote_up: 'Favorable',
  feedback_vote_down: 'Défavorable',
  feedback_comment: 'Commentaire (facultatif)',
  feedback_sending: 'Envoi…',
  feedback_sent_message: 'Merci ! Votre avis a été transmis à {recruiter}.',
} as const;

export default feedbackFr;
