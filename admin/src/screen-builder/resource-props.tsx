// The props of a console <Resource> for a declaration (staff console and manager area). The
// generated screens (screens.tsx: every react-admin field, input and form they may draw) load when
// a screen is first opened, not with the console (issue 26): react-admin's layout shows its loading
// indicator meanwhile (the layout's Suspense).
import { lazy, type ComponentType, type ReactElement } from 'react';
import { screensOf, type ResourceDecl } from '../../../models/resources/schema.js';

type Screen = 'list' | 'show' | 'edit' | 'create';

const GeneratedList = lazy(() => import('./screens.js').then((m) => ({ default: m.GeneratedList })));
const GeneratedShow = lazy(() => import('./screens.js').then((m) => ({ default: m.GeneratedShow })));
const GeneratedEdit = lazy(() => import('./screens.js').then((m) => ({ default: m.GeneratedEdit })));
const GeneratedCreate = lazy(() => import('./screens.js').then((m) => ({ default: m.GeneratedCreate })));

const GENERATED: Record<Screen, ComponentType<{ decl: ResourceDecl }>> = { list: GeneratedList, show: GeneratedShow, edit: GeneratedEdit, create: GeneratedCreate };

/** The props of a <Resource> for a declaration; `custom` replaces generated screens by hand-written ones. */
export function resourceProps(decl: ResourceDecl, custom: Partial<Record<Screen, () => ReactElement>> = {}) {
  const screens = screensOf(decl);
  const generated = (screen: Screen) => {
    if (custom[screen]) return custom[screen];
    if (!screens.includes(screen)) return undefined;
    const Generated = GENERATED[screen];
    return () => <Generated decl={decl} />;
  };
  return {
    name: decl.name,
    recordRepresentation: decl.recordRepresentation,
    list: generated('list'),
    show: generated('show'),
    edit: generated('edit'),
    create: generated('create'),
  };
}
