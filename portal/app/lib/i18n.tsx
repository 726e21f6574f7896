// useT(): the translator for components, from the catalog the root loader sent.
import { useRouteLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { makeT, type Lang, type T } from '../i18n/index.js';
import type { RootData } from './meta.js';

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

export function useT(): T {
  const root = useRootData();
  return useMemo(() => (root ? makeT(root.messages) : (key) => key), [root]);
}

export function useLang(): Lang {
  return (useRootData()?.lang ?? 'fr') as Lang;
}
