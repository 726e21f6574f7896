// De teksten van het video-interview in het Nederlands. Dezelfde sleutels als interview.fr.ts.
import type fr from './interview.fr.js';

const interviewNl: Record<keyof typeof fr, string> = {
  dc_title: 'Controleer je camera en microfoon',
  dc_intro: 'Voor de eerste vraag: bekijk jezelf, praat om het niveau te zien bewegen en maak een testopname van 5 seconden. Er wordt niets verstuurd.',
  dc_start: 'Camera en microfoon aanzetten',
  dc_try_again: 'Opnieuw proberen',
  dc_level_label: 'Microfoonniveau',
  dc_level_hint: 'Zeg een paar woorden: de balk moet bewegen. Blijft hij stil, kijk dan of je microfoon niet gedempt is.',
  dc_no_microphone: 'Er komt geen geluid van een microfoon.',
  dc_test: 'Testopname ({n} s)',
  dc_test_again: 'Opnieuw testen',
  dc_test_recording: 'Testopname: {n} s',
  dc_test_replay_label: 'Je testopname',
  dc_test_done: 'Hier is je testopname: kijk of je jezelf goed ziet en hoort.',
  dc_continue: 'Naar de eerste vraag',
  dc_denied: 'Je browser weigert toegang tot de camera of microfoon.',
  dc_none: 'Er is geen camera of microfoon gevonden.',
  dc_file_instead: 'Je kunt elke vraag ook beantwoorden met een video die je met de camera-app van je telefoon maakt.',
  dc_help_denied_ios:
    'Op iPhone of iPad (Safari): tik op „aA” in de adresbalk, dan op „Website-instellingen”, en zet Camera en Microfoon op „Sta toe”. Staan ze er niet, open dan Instellingen › Safari › Camera en Microfoon en kies „Vraag” of „Sta toe”. Laad daarna deze pagina opnieuw.',
  dc_help_denied_android:
    'Op Android (Chrome): tik op het pictogram links van het adres, dan op „Rechten”, en sta Camera en Microfoon toe. Heeft Chrome zelf geen toegang, open dan Instellingen › Apps › Chrome › Rechten. Laad daarna deze pagina opnieuw.',
  dc_help_denied_desktop:
    'Op een computer: klik op het camera- of slotpictogram in de adresbalk, sta camera en microfoon toe voor deze site en laad de pagina opnieuw. Op een Mac ook Systeeminstellingen › Privacy en beveiliging › Camera en Microfoon; op Windows Instellingen › Privacy › Camera en Microfoon.',
  dc_help_none_ios:
    'Op iPhone of iPad: open deze pagina in Safari (de browser in sommige apps kan de camera niet gebruiken) en sluit andere apps die de camera gebruiken, zoals een gesprek. Probeer het dan opnieuw.',
  dc_help_none_android:
    'Op Android: open deze pagina in Chrome (de browser in sommige apps kan de camera niet gebruiken) en sluit andere apps die de camera gebruiken, zoals een gesprek. Probeer het dan opnieuw.',
  dc_help_none_desktop:
    'Op een computer: sluit een webcam of headset met microfoon aan, sluit andere programma’s die ze kunnen gebruiken (videogesprekken) en probeer het opnieuw. Of antwoord vanaf je telefoon.',
  apply_sr_recording: 'De opname is gestart: maximaal {left}.',
  apply_sr_left: 'Nog {left}.',
  apply_sr_stopped: 'Opname gestopt. Bekijk ze opnieuw, bewaar ze of neem opnieuw op.',
  apply_replay: 'Mijn antwoord afspelen',
  apply_practice_label: 'Oefenvraag: er wordt niets verstuurd',
  apply_practice_question: 'Stel jezelf in een paar woorden voor.',
  apply_practice_keep: 'Oefening afronden',
  apply_practice_done: 'Goed zo! Het oefenantwoord is niet verstuurd. Je bent klaar voor de vragen.',
  apply_practice_start: 'Een oefenvraag proberen',
  apply_practice_again: 'Opnieuw oefenen',
  apply_upload_waiting: 'Wacht op verzending',
  apply_record_again: 'Antwoord {n} opnieuw opnemen',
  apply_uploads_left: 'Je laatste antwoorden worden verstuurd: houd deze pagina open tot dat klaar is.',
};

export default interviewNl;
