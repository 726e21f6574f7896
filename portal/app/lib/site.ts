// Facts about the publisher used by several pages (footer, legal pages).
// The store links come from settings (APP_STORE_URL, PLAY_STORE_URL) through the root loader.
export const CONTACT_EMAIL = 'contact@recrutement-video.fr';
