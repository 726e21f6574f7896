// Shops of a manager's company (back-office.md section 3): a name, an address and the recruiter who
// runs the shop's offers. Saving needs the name, the address (street, zip code, city) and a recruiter
// who has an account (section 5). Staff see every shop, a manager their own.
import { COMPANY_ACCESS, defineResource, type FieldDecl } from '../schema.js';

const recruiter = (column: string) => ({ via: 'recruiter_id', model: 'User', column }) as const;

export const shops = defineResource({
  name: 'shops',
  model: 'Shop',
  recordRepresentation: 'shopname',
  fields: [
    { source: 'manager_id', type: 'reference', reference: 'users', list: true, required: true, writable: 'create' },
    { source: 'shopname', type: 'string', list: true, required: true, maxLength: 160, writable: true, sortable: true },
    { source: 'street', type: 'string', required: true, maxLength: 255, writable: true },
    { source: 'zip_code', type: 'string', list: true, required: true, maxLength: 20, writable: true },
    { source: 'city', type: 'string', list: true, required: true, maxLength: 120, writable: true },
    { source: 'area', type: 'string', maxLength: 120, writable: true, filledBy: 'address' },
    { source: 'sub_area', type: 'string', maxLength: 120, writable: true, filledBy: 'address' },
    { source: 'country', type: 'string', maxLength: 80, writable: true, filledBy: 'address' },
    { source: 'country_iso', type: 'string', maxLength: 2, minLength: 2, writable: true, default: 'FR', filledBy: 'address' },
    { source: 'lat', type: 'decimal', min: -90, max: 90, writable: true, filledBy: 'address' },
    { source: 'lng', type: 'decimal', min: -180, max: 180, writable: true, filledBy: 'address' },
    { source: 'recruiter_id', type: 'reference', reference: 'users', list: true, required: true, writable: true },
    { source: 'recruiter_name', type: 'string', from: recruiter('name') },
    { source: 'recruiter_email', type: 'email', from: recruiter('email') },
    { source: 'recruiter_picture', type: 'image', avatar: true, from: recruiter('picture') },
    { source: 'created_at', type: 'date', list: true, sortable: true },
  ],
  filters: [
    { source: 'q', type: 'search', alwaysOn: true },
    { source: 'manager_id', type: 'eq', alwaysOn: true },
    { source: 'recruiter_id', type: 'eq' },
    { source: 'id', type: 'in' },
  ],
  search: ['shopname', 'city', 'zip_code'],
  sort: ['created_at', 'shopname'],
  access: COMPANY_ACCESS,
  rows: { manager: { column: 'manager_id', match: 'company' } },
  list: { layout: 'table', rowActions: ['edit', 'delete'], deleteConfirm: 'console.delete_record_confirm' },
});

/**
 * The fields the REST payload of /apis/shops (back-office.md section 7) keeps in content.address:
 * every written field but the name, the recruiter and the manager.
 */
export const SHOP_ADDRESS_FIELDS: readonly string[] = (shops.fields as readonly FieldDecl[])
  .filter((f) => f.writable && !['shopname', 'recruiter_id', 'manager_id'].includes(f.source))
  .map((f) => f.source);
