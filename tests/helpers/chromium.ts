// The flags every Chromium we drive is launched with (Debian's /usr/bin/chromium, STACK.md): the
// browser tests, the SSO test and the page benchmark's Lighthouse runs.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

/** A fake camera and microphone, granted without a prompt (the meeting room, the recorder). */
export const FAKE_MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];
