// A resource's name as the consoles show it: its catalog name (`resources.<name>.name`, singular
// and plural by smart_count), else the label its <Resource> options give. react-admin's
// useGetResourceLabel does the same but falls back on an English inflection of the resource's
// identifier (the inflection package, about 4 KB gzipped, in the consoles' first download: issue
// 26); every resource here has its catalog name (tests/unit/admin-i18n.test.ts), so the consoles
// use this one (the menu's items and a list's title).
import { useTranslate, useResourceDefinitions } from 'react-admin';

export function useResourceLabel(): (resource: string, count?: number) => string {
  const translate = useTranslate();
  const definitions = useResourceDefinitions();
  return (resource, count = 2) => {
    const label = (definitions[resource]?.options as { label?: string } | undefined)?.label;
    return translate(`resources.${resource}.name`, { smart_count: count, _: label ? translate(label, { smart_count: count, _: label }) : resource });
  };
}
