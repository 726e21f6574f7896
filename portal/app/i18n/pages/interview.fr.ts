// Les textes de l’entretien vidéo (/candidate/apply/{job_code}) : la vérification de la caméra et
// du micro, la question d’essai, les annonces du lecteur d’écran, l’envoi en file (décision 445).
const interviewFr = {
  dc_title: 'Vérifiez votre caméra et votre micro',
  dc_intro: 'Avant la première question : regardez-vous, parlez pour voir le niveau bouger, et faites un essai de 5 secondes. Rien n’est envoyé.',
  dc_start: 'Activer la caméra et le micro',
  dc_try_again: 'Réessayer',
  dc_level_label: 'Niveau du micro',
  dc_level_hint: 'Dites quelques mots : la barre doit bouger. Si elle reste immobile, vérifiez que votre micro n’est pas coupé.',
  dc_no_microphone: 'Aucun micro ne transmet de son.',
  dc_test: 'Essai d’enregistrement ({n} s)',
  dc_test_again: 'Refaire l’essai',
  dc_test_recording: 'Essai en cours : {n} s',
  dc_test_replay_label: 'Votre essai',
  dc_test_done: 'Voici votre essai : vérifiez que vous vous voyez et vous entendez bien.',
  dc_continue: 'Passer à la première question',
  dc_denied: 'Votre navigateur a refusé l’accès à la caméra ou au micro.',
  dc_none: 'La caméra ou le micro est introuvable.',
  dc_file_instead: 'Vous pouvez aussi répondre à chaque question avec une vidéo filmée avec l’appareil photo de votre téléphone.',
  dc_help_denied_ios:
    'Sur iPhone ou iPad (Safari) : touchez « aA » dans la barre d’adresse, puis « Réglages du site web », et mettez Caméra et Micro sur « Autoriser ». S’ils n’y sont pas, ouvrez Réglages › Safari › Caméra et Micro et choisissez « Demander » ou « Autoriser ». Rechargez ensuite cette page.',
  dc_help_denied_android:
    'Sur Android (Chrome) : touchez l’icône à gauche de l’adresse, puis « Autorisations », et autorisez Caméra et Micro. Si Chrome lui-même n’y a pas droit, ouvrez Paramètres › Applications › Chrome › Autorisations. Rechargez ensuite cette page.',
  dc_help_denied_desktop:
    'Sur ordinateur : cliquez sur l’icône de caméra ou de cadenas dans la barre d’adresse, autorisez la caméra et le micro pour ce site, puis rechargez la page. Sur Mac, vérifiez aussi Réglages Système › Confidentialité et sécurité › Caméra et Micro ; sur Windows, Paramètres › Confidentialité › Caméra et Microphone.',
  dc_help_none_ios:
    'Sur iPhone ou iPad : ouvrez cette page dans Safari (le navigateur intégré de certaines applications ne peut pas utiliser la caméra) et fermez toute autre application qui l’utilise, comme un appel. Puis réessayez.',
  dc_help_none_android:
    'Sur Android : ouvrez cette page dans Chrome (le navigateur intégré de certaines applications ne peut pas utiliser la caméra) et fermez toute autre application qui l’utilise, comme un appel. Puis réessayez.',
  dc_help_none_desktop:
    'Sur ordinateur : branchez une webcam ou un casque avec micro, fermez les autres applications qui pourraient les utiliser (appels vidéo), puis réessayez. Ou répondez depuis votre téléphone.',
  apply_sr_recording: 'L’enregistrement a commencé : {left} maximum.',
  apply_sr_left: 'Il reste {left}.',
  apply_sr_stopped: 'Enregistrement terminé. Revoyez-le, gardez-le ou recommencez.',
  apply_replay: 'Revoir ma réponse',
  apply_practice_label: 'Question d’essai : rien n’est envoyé',
  apply_practice_question: 'Présentez-vous en quelques mots.',
  apply_practice_keep: 'Terminer l’essai',
  apply_practice_done: 'Bravo ! La réponse d’essai n’a pas été envoyée. Vous êtes prêt·e pour les questions.',
  apply_practice_start: 'Faire une question d’essai',
  apply_practice_again: 'Refaire un essai',
  apply_upload_waiting: 'En attente d’envoi',
  apply_record_again: 'Réenregistrer la réponse {n}',
  apply_uploads_left: 'Vos dernières réponses sont en cours d’envoi : gardez cette page ouverte jusqu’à la fin.',
};

export default interviewFr;
