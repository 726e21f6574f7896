// Offer templates (back-office.md sections 3 and 5) as the REST calls /apis/user-templates read and
// write them: { id, type: 'offer', content }. The console resource `templates` declares the fields,
// defaults (three questions from q_template, pay 1-2 EUR a month, cdi...) and the save rule ("fill
// all required fields"); both paths parse the body once with that declaration's schema before this
// service (api/services/accounts/manager.schema.ts) and write through the same one (console-records.service.ts).
import { Template, type UserRow } from '../../../models/index.js';
import { templates as templatesDecl } from '../../../models/resources/templates/resource.js';
import { modelOf } from '../../console/validation.js';
import { notFound } from '../../lib/errors.js';
import { reachOf, type Reach } from '../../auth/access.js';
import { createRecord, updateRecord, type RecordWrite } from '../platform/console-records.service.js';

const writer = (reach: Reach, now: Date): RecordWrite => ({
  decl: templatesDecl,
  model: modelOf(templatesDecl),
  actorId: reach.userId,
  now,
  scope: reach.all ? null : { column: 'owner_id', ids: [reach.userId] },
});

const itemOf = (t: Template) => ({ id: t.id, type: t.type, content: t.content });

/** Creates a template from the declaration's fields as its schema parsed them (owner: the caller, set by the route). */
export async function createTemplate(caller: UserRow, data: Record<string, unknown>, now: Date) {
  const reach = await reachOf(caller);
  const id = await createRecord(writer(reach, now), { ...data, owner_id: caller.id });
  return { Item: itemOf((await Template.findByPk(id))!) };
}

export async function updateTemplate(caller: UserRow, id: string | null, data: Record<string, unknown>, now: Date) {
  const reach = await reachOf(caller);
  await ownTemplate(caller, id, reach);
  await updateRecord(writer(reach, now), id!, data);
  return { Item: itemOf((await Template.findByPk(id!))!) };
}

/** The caller's template (staff: any); an id naming none is 404. */
async function ownTemplate(caller: UserRow, id: string | null, reach: Reach): Promise<Template> {
  const row = id !== null ? await Template.findOne({ where: { id, type: 'offer', ...(reach.all ? {} : { owner_id: caller.id }) } }) : null;
  if (!row) throw notFound('template_not_found', 'not_found');
  return row;
}

export async function listTemplates(caller: UserRow, type: string) {
  const rows = await Template.findAll({
    where: { owner_id: caller.id, type },
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
  });
  return { Items: rows.map(itemOf), Count: rows.length };
}

export async function getTemplate(caller: UserRow, id: string | null) {
  const row = await ownTemplate(caller, id, await reachOf(caller));
  return { id: row.id, type: row.type, content: row.content };
}
