// Offer templates (back-office.md sections 3 and 5) as the REST calls /apis/user-templates read and
// write them: { id, type: 'offer', content }. The console resource `templates` declares the fields,
// defaults (three questions from q_template, pay 1-2 EUR a month, cdi...) and the save rule ("fill
// all required fields"); both paths validate with that declaration and write through the same
// service (console-records.service.ts).
import { Template, type User } from '../../models/index.js';
import { templates as templatesDecl } from '../../models/resources/templates/resource.js';
import { bodySchema, modelOf, parseOrThrow } from '../console/validation.js';
import { invalid, notFound } from '../lib/errors.js';
import { reachOf, type Reach } from '../auth/access.js';
import { createRecord, updateRecord, type RecordWrite } from './console-records.service.js';

const writer = (reach: Reach, now: Date): RecordWrite => ({
  decl: templatesDecl,
  model: modelOf(templatesDecl),
  actorId: reach.userId,
  now,
  scope: reach.all ? null : { column: 'owner_id', ids: [reach.userId] },
});

function contentOf(body: { type?: unknown; content?: unknown }): Record<string, unknown> {
  if (body.type !== undefined && body.type !== 'offer') throw invalid('invalid_template_type', 'validation_error', { field: 'type' });
  if (!body.content || typeof body.content !== 'object' || Array.isArray(body.content)) throw invalid('required_field', 'fill_all_required_fields', { field: 'content' });
  // owner_id is never taken from the body: a template is the caller's.
  const { owner_id: _ignored, ...content } = body.content as Record<string, unknown>;
  return content;
}

const itemOf = (t: Template) => ({ id: t.id, type: t.type, content: t.content });

export async function createTemplate(caller: User, body: { type?: unknown; content?: unknown }, now: Date) {
  const reach = await reachOf(caller);
  const data = parseOrThrow(bodySchema(templatesDecl, 'create'), { ...contentOf(body), owner_id: caller.id });
  const id = await createRecord(writer(reach, now), data);
  return { Item: itemOf((await Template.findByPk(id))!) };
}

export async function updateTemplate(caller: User, id: string, body: { type?: unknown; content?: unknown }, now: Date) {
  const reach = await reachOf(caller);
  await ownTemplate(caller, id, reach);
  const data = parseOrThrow(bodySchema(templatesDecl, 'edit'), contentOf(body));
  await updateRecord(writer(reach, now), id, data);
  return { Item: itemOf((await Template.findByPk(id))!) };
}

async function ownTemplate(caller: User, id: string, reach: Reach): Promise<Template> {
  const row = /^\d{1,12}$/.test(id) ? await Template.findOne({ where: { id, type: 'offer', ...(reach.all ? {} : { owner_id: caller.id }) } }) : null;
  if (!row) throw notFound('template_not_found', 'not_found');
  return row;
}

export async function listTemplates(caller: User, type: string) {
  const rows = await Template.findAll({
    where: { owner_id: caller.id, type },
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
  });
  return { Items: rows.map(itemOf), Count: rows.length };
}

export async function getTemplate(caller: User, id: string) {
  const row = await ownTemplate(caller, id, await reachOf(caller));
  return { id: row.id, type: row.type, content: row.content };
}
