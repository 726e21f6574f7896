import { describe, expect, it } from 'vitest';
import { fr } from '../../admin/src/i18n/fr.js';
import { en } from '../../admin/src/i18n/en.js';
import { RESOURCES } from '../../admin/resources/index.js';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('console translations', () => {
  it('French and English catalogs hold the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(fr).sort());
  });

  it('every declared field and filter has a label, and the spec texts are there', () => {
    const all = new Set(keys(fr));
    for (const r of RESOURCES) {
      for (const f of r.fields) expect(all, `${r.name}.${f.source}`).toContain(`resources.${r.name}.fields.${f.source}`);
      for (const f of r.filters) expect(all, `${r.name}.${f.source}`).toContain(`resources.${r.name}.fields.${f.source}`);
    }
    expect(fr.console.not_admin).toBe('Le site est en cours de développement, merci de votre patience.');
    expect(fr.console.found).toMatch(/trouvés$/);
    expect(fr.console.no_action).toBe('Aucune action selectionné');
  });
});
