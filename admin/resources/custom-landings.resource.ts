// Companies' custom landing pages (/landing/{identifier}). Staff only.
import { defineResource } from './schema.js';

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

export const customLandings = defineResource({
  name: 'custom-landings',
  model: 'CustomLanding',
  recordRepresentation: 'identifier',
  fields: [
    { source: 'identifier', type: 'string', list: true, required: true, minLength: IDENTIFIER_MIN, maxLength: 64, writable: true },
    { source: 'name', type: 'string', list: true, required: true, maxLength: 160, writable: true },
    { source: 'url', type: 'string', list: true },
    { source: 'logo_src', type: 'image', list: true, writable: true },
    { source: 'logo_width', type: 'number', min: 1, max: 2000, writable: true },
    { source: 'logo_height', type: 'number', min: 1, max: 2000, writable: true },
    { source: 'bg_color', type: 'color', list: true, writable: true, maxLength: 16 },
    { source: 'select_label', type: 'string', writable: true, maxLength: 120 },
    { source: 'select_description', type: 'text', writable: true, maxLength: 2000 },
    { source: 'informations_description', type: 'text', writable: true, maxLength: 2000 },
    { source: 'created_at', type: 'date', sortable: true },
  ],
  filters: [
    { source: 'q', type: 'search', alwaysOn: true },
    { source: 'id', type: 'in' },
  ],
  sort: ['created_at'],
  access: { list: ['admin'], read: ['admin'], create: ['admin'], edit: ['admin'], delete: ['admin'] },
});
