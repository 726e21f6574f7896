// The video interview's texts in English. Same keys as interview.fr.ts.
import type fr from './interview.fr.js';

const interviewEn: Record<keyof typeof fr, string> = {
  dc_title: 'Check your camera and microphone',
  dc_intro: 'Before the first question: see yourself, speak to watch the level move, and make a 5-second test recording. Nothing is sent.',
  dc_start: 'Turn on the camera and microphone',
  dc_try_again: 'Try again',
  dc_level_label: 'Microphone level',
  dc_level_hint: 'Say a few words: the bar should move. If it stays still, check that your microphone is not muted.',
  dc_no_microphone: 'No microphone is sending sound.',
  dc_test: 'Test recording ({n} s)',
  dc_test_again: 'Test again',
  dc_test_recording: 'Test recording: {n} s',
  dc_test_replay_label: 'Your test recording',
  dc_test_done: 'Here is your test recording: check that you see and hear yourself well.',
  dc_continue: 'Go to the first question',
  dc_denied: 'Your browser refused access to the camera or microphone.',
  dc_none: 'No camera or microphone was found.',
  dc_file_instead: 'You can also answer each question with a video made with your phone’s camera app.',
  dc_help_denied_ios:
    'On iPhone or iPad (Safari): tap “aA” in the address bar, then “Website Settings”, and set Camera and Microphone to “Allow”. If they are not listed, open Settings › Safari › Camera and Microphone and choose “Ask” or “Allow”. Then reload this page.',
  dc_help_denied_android:
    'On Android (Chrome): tap the icon left of the address, then “Permissions”, and allow Camera and Microphone. If Chrome itself is not allowed, open Settings › Apps › Chrome › Permissions. Then reload this page.',
  dc_help_denied_desktop:
    'On a computer: click the camera or padlock icon in the address bar, allow the camera and microphone for this site, then reload the page. On a Mac, also check System Settings › Privacy & Security › Camera and Microphone; on Windows, Settings › Privacy › Camera and Microphone.',
  dc_help_none_ios: 'On iPhone or iPad: open this page in Safari (the browsers inside some apps cannot use the camera) and close any other app using it, such as a call. Then try again.',
  dc_help_none_android: 'On Android: open this page in Chrome (the browsers inside some apps cannot use the camera) and close any other app using it, such as a call. Then try again.',
  dc_help_none_desktop: 'On a computer: plug in a webcam or a headset with a microphone, close the other applications that may use them (video calls), then try again. Or answer from your phone.',
  apply_sr_recording: 'Recording started: {left} at most.',
  apply_sr_left: '{left} left.',
  apply_sr_stopped: 'Recording stopped. Play it back, keep it or record again.',
  apply_replay: 'Play my answer',
  apply_practice_label: 'Practice question: nothing is sent',
  apply_practice_question: 'Introduce yourself in a few words.',
  apply_practice_keep: 'Finish the practice',
  apply_practice_done: 'Well done! The practice answer was not sent. You are ready for the questions.',
  apply_practice_start: 'Try a practice question',
  apply_practice_again: 'Practise again',
  apply_upload_waiting: 'Waiting to be sent',
  apply_record_again: 'Record answer {n} again',
  apply_uploads_left: 'Your last answers are being sent: keep this page open until they are.',
};

export default interviewEn;
