// Companies' custom landing pages (/landing/{identifier}). Staff only.
import { defineResource, type NormalizeRule } from '../schema.js';

/**
 * Default landing settings (back-office.md section 9). They live here rather than in the model
 * because the console's create form shows them and the browser bundle cannot import Sequelize;
 * models/landing.model.ts re-exports this one copy for the server.
 */
export const LANDING_DEFAULTS = {
  bg_color: '#000000',
  select_label: 'Magasin',
  selectlist_label: 'Annonce',
  logo_width: 300,
  logo_height: 120,
  select_description: 'Choisissez le magasin qui vous intéresse, puis l’annonce à laquelle vous souhaitez répondre.',
  informations_description: 'Laissez-nous vos coordonnées : nous vous expliquons ensuite comment répondre en vidéo depuis l’application.',
} as const;

/** Lowercase letters, digits, hyphen, underscore (back-office.md section 5). */
export const IDENTIFIER_ALLOWED = 'abcdefghijklmnopqrstuvwxyz0123456789-_';
export const IDENTIFIER_MIN = 4;

/** Lowercases and turns spaces into hyphens; returns the first character that is not allowed. */
export function normalizeIdentifier(input: string): { value: string; refused: string | null } {
  const lowered = input.toLowerCase().replace(/ /g, '-');
  let value = '';
  let refused: string | null = null;
  for (const ch of lowered) {
    if (IDENTIFIER_ALLOWED.includes(ch)) value += ch;
    else refused ??= ch;
  }
  return { value, refused };
}

const IDENTIFIER_RULE: NormalizeRule = {
  apply: normalizeIdentifier,
  allowed: IDENTIFIER_ALLOWED,
  refusedMessage: 'console.identifier_not_allowed',
};

export const customLandings = defineResource({
  name: 'custom-landings',
  model: 'CustomLanding',
  recordRepresentation: 'identifier',
  fields: [
    {
      source: 'identifier',
      type: 'string',
      list: true,
      required: true,
      minLength: IDENTIFIER_MIN,
      maxLength: 64,
      writable: true,
      normalize: IDENTIFIER_RULE,
      minLengthMessage: 'console.identifier_too_short',
    },
    { source: 'name', type: 'string', list: true, required: true, maxLength: 160, writable: true },
    { source: 'url', type: 'string', list: true, from: { server: true } },
    { source: 'company_hash', type: 'string' },
    { source: 'logo_src', type: 'image', list: true, writable: true },
    { source: 'logo_width', type: 'number', min: 1, max: 2000, writable: true, default: LANDING_DEFAULTS.logo_width },
    { source: 'logo_height', type: 'number', min: 1, max: 2000, writable: true, default: LANDING_DEFAULTS.logo_height },
    { source: 'bg_color', type: 'color', list: true, writable: true, maxLength: 16, default: LANDING_DEFAULTS.bg_color },
    { source: 'select_label', type: 'string', writable: true, maxLength: 120, default: LANDING_DEFAULTS.select_label },
    { source: 'select_description', type: 'text', writable: true, maxLength: 2000, default: LANDING_DEFAULTS.select_description },
    { source: 'informations_description', type: 'text', writable: true, maxLength: 2000, default: LANDING_DEFAULTS.informations_description },
    { source: 'created_at', type: 'date', sortable: true },
  ],
  search: ['identifier', 'name'],
  list: {
    layout: 'table',
    rowActions: ['edit', 'delete'],
    rowClick: false,
    deleteConfirm: 'console.delete_landing_confirm',
    links: [{ label: 'console.open_landing', href: '/landing/{identifier}', external: true }],
  },
  filters: [
    { source: 'q', type: 'search', alwaysOn: true },
    { source: 'id', type: 'in' },
  ],
  sort: ['created_at'],
  access: { list: ['admin'], read: ['admin'], create: ['admin'], edit: ['admin'], delete: ['admin'] },
});
