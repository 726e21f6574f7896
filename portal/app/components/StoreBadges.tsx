// The App Store and Play Store badges, drawn inline (no image request, no layout shift).
import { useRootData, useT } from '../lib/i18n.js';

export function AppleBadge() {
  const t = useT();
  const stores = useRootData()?.stores;
  return (
    <a className="badge" href={stores?.appStore} rel="noopener" title={t('badge_app_store')} data-store="ios">
      <svg width="22" height="26" viewBox="0 0 22 26" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M18.2 13.8c0-3 2.5-4.5 2.6-4.6-1.4-2.1-3.6-2.4-4.4-2.4-1.9-.2-3.6 1.1-4.6 1.1-.9 0-2.4-1.1-4-1-2 0-3.9 1.2-5 3.1-2.1 3.7-.5 9.2 1.5 12.2 1 1.5 2.2 3.1 3.8 3 1.5-.1 2.1-1 3.9-1s2.4 1 4 1c1.6 0 2.7-1.5 3.7-3 1.2-1.7 1.6-3.3 1.7-3.4-.1 0-3.2-1.2-3.2-5zM15.2 4.8c.8-1 1.4-2.4 1.2-3.8-1.2.1-2.7.8-3.5 1.8-.8.9-1.5 2.3-1.3 3.7 1.4.1 2.7-.7 3.6-1.7z"
        />
      </svg>
      <span>
        <small>{t('badge_app_store_top')}</small>
        <strong>App Store</strong>
      </span>
    </a>
  );
}

export function PlayBadge() {
  const t = useT();
  const stores = useRootData()?.stores;
  return (
    <a className="badge" href={stores?.playStore} rel="noopener" title={t('badge_play_store')} data-store="android">
      <svg width="22" height="24" viewBox="0 0 22 24" aria-hidden="true" focusable="false">
        <path fill="#34a853" d="M1 1l11 11L1 23c-.4-.3-.6-.8-.6-1.4V2.4C.4 1.8.6 1.3 1 1z" />
        <path fill="#fbbc04" d="M16 8l-4 4 4 4 4.3-2.4c1.2-.7 1.2-2.5 0-3.2z" />
        <path fill="#4285f4" d="M1 1c.4-.4 1.1-.5 1.7-.2L16 8l-4 4z" />
        <path fill="#ea4335" d="M1 23l11-11 4 4-13.3 7.2c-.6.3-1.3.2-1.7-.2z" />
      </svg>
      <span>
        <small>{t('badge_play_store_top')}</small>
        <strong>Google Play</strong>
      </span>
    </a>
  );
}

export function StoreBadges({ only, center }: { only?: 'ios' | 'android'; center?: boolean }) {
  return (
    <div className={center ? 'badges center' : 'badges'}>
      {only !== 'android' && <AppleBadge />}
      {only !== 'ios' && <PlayBadge />}
    </div>
  );
}
