// Screens generated from a resource declaration: list (filters, sortable indexed columns, count
// line, load more), show, edit and create with the declared validation. A plain resource needs
// nothing else; hand-written screens (users, offers, leads) reuse the parts below.
import type { ReactElement } from 'react';
import {
  BooleanField, BooleanInput, ChipField, Create, Datagrid, DateField, DateInput, Edit, FunctionField, ImageField, ImageInput, InfiniteList,
  maxLength, maxValue, minLength, minValue, NumberField, NumberInput, ReferenceField, required, SelectInput, Show, SimpleForm,
  SimpleShowLayout, TextField, TextInput, useNotify, useTranslate, type TextInputProps, type Validator,
} from 'react-admin';
import { declaredDefaults, type FieldDecl, type FilterDecl, type NormalizeRule, type ResourceDecl } from '../../../models/resources/schema.js';
import { CountLine } from '../common/CountLine.js';
import { DebouncedSearch } from '../common/SearchInput.js';
import { LoadMore } from '../common/LoadMore.js';

const choiceList = (decl: ResourceDecl, source: string, choices: readonly (string | number)[]) =>
  choices.map((c) => ({ id: c, name: `resources.${decl.name}.choices.${source}.${c}` }));

export function fieldFor(decl: ResourceDecl, f: FieldDecl): ReactElement {
  const common = { source: f.source, key: f.source, sortable: Boolean(f.sortable) };
  switch (f.type) {
    case 'date':
      return <DateField {...common} showTime />;
    case 'number':
      return <NumberField {...common} />;
    case 'boolean':
      return <BooleanField {...common} />;
    case 'enum':
      return <ChipField {...common} />;
    case 'image':
      return <ImageField {...common} sx={{ '& img': { maxWidth: 80, maxHeight: 40 } }} />;
    case 'color':
      return <FunctionField {...common} render={(r: Record<string, string>) => <span style={{ background: r[f.source], padding: '0 12px', border: '1px solid #ccc' }}>{r[f.source]}</span>} />;
    case 'reference':
      return (
        <ReferenceField {...common} reference={f.reference!} link={f.reference === 'users' ? (r) => `/user/${r.id}` : 'show'}>
          <TextField source="name" />
        </ReferenceField>
      );
    case 'json':
      return <FunctionField {...common} render={(r: Record<string, unknown>) => <code style={{ whiteSpace: 'pre-wrap', fontSize: 11 }}>{JSON.stringify(r[f.source], null, 1)}</code>} />;
    case 'text':
      return <FunctionField {...common} render={(r: Record<string, string>) => (f.cut && r[f.source]?.length > f.cut ? `${r[f.source].slice(0, f.cut)}…` : r[f.source])} />;
    default:
      return <TextField {...common} />;
  }
}

function validators(f: FieldDecl): Validator[] {
  const v: Validator[] = [];
  if (f.required) v.push(required());
  if (f.minLength !== undefined) v.push(minLength(f.minLength, f.minLengthMessage));
  if (f.maxLength !== undefined) v.push(maxLength(f.maxLength));
  if (f.min !== undefined) v.push(minValue(f.min));
  if (f.max !== undefined) v.push(maxValue(f.max));
  return v;
}

/**
 * A text input that rewrites what is typed by the field's rule as it is typed, and names the
 * refused character in an alert: the user sees at once what the server would refuse on save.
 */
function NormalizedTextInput({ rule, ...props }: TextInputProps & { rule: NormalizeRule }) {
  const notify = useNotify();
  const parse = (input: string | null) => {
    const { value, refused } = rule.apply(input ?? '');
    if (refused !== null) notify(rule.refusedMessage, { type: 'warning', messageArgs: { char: refused, allowed: rule.allowed } });
    return value === '' ? null : value;
  };
  return <TextInput {...props} parse={parse} />;
}

export function inputFor(decl: ResourceDecl, f: FieldDecl): ReactElement {
  const common = { source: f.source, key: f.source, validate: validators(f) };
  switch (f.type) {
    case 'number':
      return <NumberInput {...common} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'enum':
      return <SelectInput {...common} choices={choiceList(decl, f.source, f.choices ?? [])} />;
    case 'date':
      return <DateInput {...common} />;
    case 'image':
      return (
        <ImageInput {...common} accept={{ 'image/*': [] }} format={(v: unknown) => (typeof v === 'string' ? { src: v } : v)}>
          <ImageField source="src" />
        </ImageInput>
      );
    case 'text':
      return <TextInput {...common} multiline fullWidth />;
    case 'color':
      return <TextInput {...common} type="color" />;
    default:
      return f.normalize ? <NormalizedTextInput {...common} rule={f.normalize} /> : <TextInput {...common} />;
  }
}

export function filterInputFor(decl: ResourceDecl, f: FilterDecl): ReactElement | null {
  const common = { source: f.source, key: f.source, alwaysOn: f.alwaysOn, label: `resources.${decl.name}.fields.${f.source}` };
  switch (f.type) {
    case 'search':
      return <DebouncedSearch {...common} />;
    case 'eq':
      return f.choices ? <SelectInput {...common} choices={choiceList(decl, f.source, f.choices)} /> : <TextInput {...common} />;
    case 'dateFrom':
    case 'dateTo':
      return <DateInput {...common} />;
    case 'gte':
    case 'lte':
      return <NumberInput {...common} step={100} />;
    case 'flag':
      return f.defaultValue === undefined ? null : <BooleanInput {...common} />;
    default:
      return null;
  }
}

export function GeneratedList({ decl, children }: { decl: ResourceDecl; children?: ReactElement }) {
  const filters = decl.filters.map((f) => filterInputFor(decl, f)).filter((x): x is ReactElement => x !== null);
  const defaults = Object.fromEntries(decl.filters.filter((f) => f.defaultValue !== undefined).map((f) => [f.source, f.defaultValue]));
  return (
    <InfiniteList resource={decl.name} filters={filters} filterDefaultValues={defaults} sort={{ field: decl.sort[0], order: 'DESC' }} debounce={250} pagination={<LoadMore />} perPage={25}>
      <CountLine decl={decl} />
      {children ?? (
        <Datagrid rowClick={decl.access.edit ? 'edit' : 'show'} bulkActionButtons={false}>
          {decl.fields.filter((f) => f.list).map((f) => fieldFor(decl, f))}
        </Datagrid>
      )}
    </InfiniteList>
  );
}

export function GeneratedShow({ decl }: { decl: ResourceDecl }) {
  return (
    <Show resource={decl.name}>
      <SimpleShowLayout>{decl.fields.map((f) => fieldFor(decl, f))}</SimpleShowLayout>
    </Show>
  );
}

export function GeneratedEdit({ decl }: { decl: ResourceDecl }) {
  return (
    <Edit resource={decl.name} mutationMode="pessimistic">
      <SimpleForm>{decl.fields.filter((f) => f.writable).map((f) => inputFor(decl, f))}</SimpleForm>
    </Edit>
  );
}

export function GeneratedCreate({ decl }: { decl: ResourceDecl }) {
  return (
    <Create resource={decl.name} redirect="list">
      {/* Only create starts from the declared defaults: an edit form shows what the record holds. */}
      <SimpleForm defaultValues={declaredDefaults(decl)}>{decl.fields.filter((f) => f.writable).map((f) => inputFor(decl, f))}</SimpleForm>
    </Create>
  );
}

/** The props of a <Resource> for a declaration; `custom` replaces generated screens by hand-written ones. */
export function resourceProps(decl: ResourceDecl, custom: Partial<Record<'list' | 'show' | 'edit' | 'create', () => ReactElement>> = {}) {
  return {
    name: decl.name,
    recordRepresentation: decl.recordRepresentation,
    list: custom.list ?? (decl.access.list ? () => <GeneratedList decl={decl} /> : undefined),
    show: custom.show ?? (decl.access.read ? () => <GeneratedShow decl={decl} /> : undefined),
    edit: custom.edit ?? (decl.access.edit ? () => <GeneratedEdit decl={decl} /> : undefined),
    create: custom.create ?? (decl.access.create ? () => <GeneratedCreate decl={decl} /> : undefined),
  };
}

export function useLabel() {
  const translate = useTranslate();
  return (decl: ResourceDecl, source: string) => translate(`resources.${decl.name}.fields.${source}`);
}
