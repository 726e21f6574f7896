// useT(): the translator for components, from the catalog the root loader sent (or, on an error
// page drawn without it, the one the server rendered the page with).
import { useRouteLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { makeT, type Lang, type T } from '../i18n/index.js';
import type { RootData } from './meta.js';
import { useFallbackRootData } from './nonce.js';

export function useRootData(): RootData | undefined {
  const fallback = useFallbackRootData();
  return (useRouteLoaderData('root') as RootData | undefined) ?? fallback;
}

export function useT(): T {
  const root = useRootData();
  return useMemo(() => (root ? makeT(root.messages) : (key) => key), [root]);
}

export function useLang(): Lang {
  return (useRootData()?.lang ?? 'fr') as Lang;
}
