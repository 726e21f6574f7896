// The page's lang follows the console's language (fr, nl, en), not the index.html's French: screen
// readers read the page in it, and the browser's own widgets may follow it (decision 320).
import { useEffect } from 'react';
import { useLocaleState } from 'react-admin';

export function DocumentLang() {
  const [locale] = useLocaleState();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}
