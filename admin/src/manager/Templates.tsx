// The manager's templates (/manager/templates, /manager/template/{id|new}; back-office.md sections
// 3 and 5): the generated inputs of the templates declaration (the owner is the manager, set by the
// server), the question editor, and the "fill all required fields" check before saving.
import { Create, Datagrid, DeleteWithConfirmButton, Edit, EditButton, InfiniteList, SimpleForm, TextField } from 'react-admin';
import { ListDateField } from '../common/ListDateField.js';
import { templates } from '../../../models/resources/templates/resource.js';
import { declaredDefaults, writableFields } from '../../../models/resources/schema.js';
import { inputFor } from '../screen-builder/screens.js';
import { LoadMore } from '../common/LoadMore.js';
import { LIST_SX } from './Layout.js';
import { PictureInput, QuestionsInput, RequiredToolbar, declaredValidate } from './forms.js';

const OWNER = 'owner_id';

function TemplateInputs({ mode }: { mode: 'create' | 'edit' }) {
  return writableFields(templates, mode)
    .filter((f) => f.source !== OWNER)
    .map((f) =>
      f.type === 'questions' ? (
        <QuestionsInput key={f.source} />
      ) : f.type === 'image' ? (
        <PictureInput key={f.source} source={f.source} label={`resources.templates.fields.${f.source}`} />
      ) : (
        inputFor(templates, f)
      ),
    );
}

const sources = (mode: 'create' | 'edit') => writableFields(templates, mode).map((f) => f.source);
const { [OWNER]: _owner, ...defaults } = declaredDefaults(templates);
// The declaration's own schema, the one the server applies on save (as the shop forms do).
const validateCreate = declaredValidate(
  templates,
  'create',
  sources('create').filter((s) => s !== OWNER),
);
const validateEdit = declaredValidate(templates, 'edit', sources('edit'));

export function TemplateList() {
  return (
    <InfiniteList resource="templates" sx={LIST_SX} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} pagination={<LoadMore />} title="manager.menu.templates">
      <Datagrid rowClick="edit" bulkActionButtons={false} data-testid="templates-table">
        <TextField source="title" sortable={false} />
        <TextField source="company_name" sortable={false} />
        <ListDateField source="created_at" showTime />
        <EditButton />
        <DeleteWithConfirmButton confirmContent="console.delete_record_confirm" mutationMode="pessimistic" />
      </Datagrid>
    </InfiniteList>
  );
}

export function TemplateEdit() {
  return (
    <Edit resource="templates" mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<RequiredToolbar decl={templates} sources={sources('edit')} />} validate={validateEdit}>
        <TemplateInputs mode="edit" />
      </SimpleForm>
    </Edit>
  );
}

export function TemplateCreate() {
  return (
    <Create resource="templates" redirect="list">
      <SimpleForm defaultValues={defaults} toolbar={<RequiredToolbar decl={templates} sources={sources('create').filter((s) => s !== OWNER)} />} validate={validateCreate}>
        <TemplateInputs mode="create" />
      </SimpleForm>
    </Create>
  );
}
