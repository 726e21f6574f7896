// The screen builder (hand-written, not generated code): it draws a resource's screens from its
// declaration at run time: list (filters, sortable indexed columns, count line, load more), show,
// edit and create with the declared validation. A plain resource needs nothing else; hand-written
// screens (users, offers, leads) reuse the parts below.
import { useState, type ReactElement } from 'react';
import { Avatar, Box, Link, Stack } from '@mui/material';
import { avatarSources } from '../common/picture.js';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  FunctionField,
  ImageField,
  ImageInput,
  InfiniteList,
  maxLength,
  maxValue,
  minLength,
  minValue,
  NumberField,
  NumberInput,
  PasswordInput,
  ReferenceField,
  ReferenceInput,
  required,
  SelectArrayInput,
  SelectInput,
  Show,
  ShowButton,
  SimpleForm,
  SimpleFormIterator,
  SimpleShowLayout,
  TextField,
  TextInput,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
  type TextInputProps,
  type Validator,
} from 'react-admin';
import { declaredDefaults, filterDefaults, linkHref, writableFields, type FieldDecl, type FilterDecl, type NormalizeRule, type ResourceDecl } from '../../../models/resources/schema.js';
import { CountLine } from '../common/CountLine.js';
import { DebouncedSearch } from '../common/SearchInput.js';
import { LoadMore } from '../common/LoadMore.js';
import { ConfirmButton } from '../common/ConfirmButton.js';
import { useAction } from '../common/useAction.js';
import { ActionFields, type ActionValues } from './ActionFields.js';
import { ListDateField } from '../common/ListDateField.js';
import { DayInput } from '../common/DayInput.js';
import { CHOICE_OPTION_MAX_LENGTH, QUESTION_MAX_LENGTH, QUESTION_TYPES } from '../../../models/rules/questions.js';
import { normalizePhone } from '../../../models/rules/phone.js';

/** Choices with their labels: the reference list's own names in the console's language, else translation keys. */
function useChoices(decl: ResourceDecl, f: Pick<FieldDecl, 'source' | 'choices' | 'choiceNames'>) {
  const [locale] = useLocaleState();
  const lang = (['fr', 'nl', 'en'].includes(locale) ? locale : 'en') as 'fr' | 'nl' | 'en';
  return (f.choices ?? []).map((c) => {
    const named = f.choiceNames?.find((n) => n.value === c);
    return { id: c, name: named ? named[lang] : `resources.${decl.name}.choices.${f.source}.${c}`, named: !!named };
  });
}

function ChoiceSelect(props: { decl: ResourceDecl; f: FieldDecl | FilterDecl; multiple?: boolean } & Record<string, unknown>) {
  const { decl, f, multiple, ...rest } = props;
  const choices = useChoices(decl, f as FieldDecl);
  return multiple ? <SelectArrayInput {...rest} source={f.source} choices={choices} /> : <SelectInput {...rest} source={f.source} choices={choices} />;
}

// `source` and `sortable` are read by the layouts around it (the label above a show field, a list's
// column header and its sorting), as they read any field's.
function ChoiceChip({ decl, f }: { decl: ResourceDecl; f: FieldDecl; source: string; sortable?: boolean }) {
  const choices = useChoices(decl, f);
  const translate = useTranslate();
  return (
    <FunctionField
      source={f.source}
      sortable={Boolean(f.sortable)}
      render={(r: Record<string, unknown>) => {
        const values = ([] as unknown[]).concat(r[f.source] ?? []);
        // A value without a catalog entry shows as stored rather than as a raw translation key.
        return values
          .map((v) => {
            const choice = choices.find((c) => String(c.id) === String(v));
            // A reference list's own name is already in words; a catalog key is translated.
            if (!choice) return String(v);
            return choice.named ? choice.name : translate(choice.name, { _: String(v) });
          })
          .join(', ');
      }}
    />
  );
}

/** Questions in order; an application's answers also say whether each one was recorded. */
function QuestionsField({ source }: { source: string; sortable?: boolean; label?: string }) {
  const translate = useTranslate();
  return (
    <FunctionField
      source={source}
      render={(r: Record<string, { id?: string; question: string; state?: string | null }[] | null>) =>
        (r[source] ?? []).map((q) => ('state' in q ? `${q.question} (${translate(q.state === 'done' ? 'console.answer_done' : 'console.answer_missing')})` : q.question)).join(' · ')
      }
    />
  );
}

export function fieldFor(decl: ResourceDecl, f: FieldDecl): ReactElement {
  const common = { source: f.source, key: f.source, sortable: Boolean(f.sortable) };
  switch (f.type) {
    // Dates in the one list format (models/rules/dates.ts), the same in every language: react-admin's
    // DateField would follow the browser's locale (decision 320).
    case 'date':
      return <ListDateField {...common} showTime />;
    case 'day':
      return <ListDateField {...common} />;
    case 'number':
    case 'decimal':
      return <NumberField {...common} />;
    case 'tags':
      return <ChoiceChip key={f.source} source={f.source} sortable={Boolean(f.sortable)} decl={decl} f={f} />;
    case 'questions':
      return <QuestionsField key={f.source} source={f.source} sortable={false} />;
    case 'boolean':
      return <BooleanField {...common} />;
    case 'enum':
      // Always through its label: a stored value (payed, wait_reject) is never shown as such.
      return <ChoiceChip key={f.source} source={f.source} sortable={Boolean(f.sortable)} decl={decl} f={f} />;
    case 'image':
      // A person's picture: its 40x40 copy (and 100x100 on dense screens), not the uploaded original.
      if (f.avatar)
        return (
          <FunctionField {...common} render={(r: Record<string, unknown>) => (typeof r[f.source] === 'string' && r[f.source] ? <Avatar {...avatarSources(r[f.source] as string)} alt="" /> : null)} />
        );
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
      // A stored record shown verbatim for diagnosis (audit log, job payload): marked as raw data.
      return (
        <FunctionField
          {...common}
          render={(r: Record<string, unknown>) => (
            <code data-raw="true" style={{ whiteSpace: 'pre-wrap', fontSize: 11 }}>
              {JSON.stringify(r[f.source], null, 1)}
            </code>
          )}
        />
      );
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
  // The phone rule, as the server checks it on save (api/console/validation.ts).
  if (f.type === 'phone') v.push((value: unknown) => (typeof value === 'string' && value.trim() && !normalizePhone(value) ? 'console.invalid_phone' : undefined));
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
  const common = { source: f.source, key: f.source, validate: f.type === 'tags' || f.type === 'questions' ? undefined : validators(f) };
  switch (f.type) {
    case 'number':
      return <NumberInput {...common} step={1} />;
    case 'decimal':
      return <NumberInput {...common} step="any" />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'enum':
      return <ChoiceSelect {...common} decl={decl} f={f} />;
    case 'tags':
      return <ChoiceSelect {...common} decl={decl} f={f} multiple />;
    case 'questions':
      // 3 to 5 questions: add below the maximum, remove only the last and only above the minimum (section 5).
      return (
        <ArrayInput {...common}>
          <SimpleFormIterator inline disableReordering disableClear>
            <TextInput source="question" validate={[required(), maxLength(QUESTION_MAX_LENGTH)]} fullWidth />
            {/* Its type and a choice's 2 to 6 options with their knockout flags (decision 455). */}
            <SelectInput
              source="type"
              label="resources.templates.question.type"
              emptyValue="video"
              defaultValue="video"
              choices={QUESTION_TYPES.map((id) => ({ id, name: `resources.templates.question.type_${id}` }))}
            />
            <ArrayInput source="options" label="resources.templates.question.options_hint">
              <SimpleFormIterator inline disableReordering disableClear>
                <TextInput source="label" label="resources.templates.question.option" validate={maxLength(CHOICE_OPTION_MAX_LENGTH)} />
                <BooleanInput source="knockout" label="resources.templates.question.knockout" />
              </SimpleFormIterator>
            </ArrayInput>
          </SimpleFormIterator>
        </ArrayInput>
      );
    case 'date':
    case 'day':
      return <DayInput {...common} />;
    case 'password':
      return <PasswordInput {...common} />;
    case 'reference':
      // Picked by name: the target list's search (q) filters the choices as the user types.
      return (
        <ReferenceInput key={f.source} source={f.source} reference={f.reference!}>
          <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} validate={common.validate} label={`resources.${decl.name}.fields.${f.source}`} />
        </ReferenceInput>
      );
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
    case 'phone':
      return <TextInput {...common} type="tel" />;
    case 'url':
      return <TextInput {...common} type="url" fullWidth />;
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
      return f.choices ? <ChoiceSelect {...common} decl={decl} f={f} /> : <TextInput {...common} />;
    case 'dateFrom':
    case 'dateTo':
      return <DayInput {...common} />;
    case 'gte':
    case 'lte':
      return <NumberInput {...common} step={100} />;
    case 'flag':
      return f.defaultValue === undefined ? null : <BooleanInput {...common} />;
    default:
      return null;
  }
}

/** The declared row links of a record (section 2's "view offer", "view recruiter"...). */
export function RowLinks({ decl, record }: { decl: ResourceDecl; record: Record<string, unknown> }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2}>
      {(decl.list?.links ?? []).map((l) => (
        <Link key={l.label} href={linkHref(l, record)} onClick={(e) => e.stopPropagation()} {...(l.external ? { target: '_blank', rel: 'noopener' } : {})}>
          {translate(l.label)}
        </Link>
      ))}
    </Stack>
  );
}

/** The declared table: listed fields, then the declared row buttons. */
function GeneratedTable({ decl }: { decl: ResourceDecl }) {
  const opts = decl.list;
  const rowClick = opts?.rowClick ?? (decl.access.edit ? 'edit' : 'show');
  return (
    <Datagrid rowClick={rowClick === false ? false : rowClick} bulkActionButtons={false}>
      {decl.fields.filter((f) => f.list).map((f) => fieldFor(decl, f))}
      {opts?.links?.length ? <FunctionField label="" render={(r: Record<string, unknown>) => <RowLinks decl={decl} record={r} />} /> : null}
      {opts?.rowActions?.includes('show') && <ShowButton />}
      {opts?.rowActions?.includes('edit') && <EditButton />}
      {opts?.rowActions?.includes('delete') && <DeleteWithConfirmButton confirmContent={opts.deleteConfirm} mutationMode="pessimistic" />}
    </Datagrid>
  );
}

export function GeneratedList({ decl, children }: { decl: ResourceDecl; children?: ReactElement }) {
  const filters = decl.filters.map((f) => filterInputFor(decl, f)).filter((x): x is ReactElement => x !== null);
  return (
    <InfiniteList resource={decl.name} filters={filters} filterDefaultValues={filterDefaults(decl)} sort={{ field: decl.sort[0], order: 'DESC' }} debounce={250} pagination={<LoadMore />} perPage={25}>
      <CountLine decl={decl} />
      {children ?? <GeneratedTable decl={decl} />}
    </InfiniteList>
  );
}

/**
 * The declared actions of a record (POST /apis/console/{name}/{id}/{action}), each behind its
 * confirmation, which says what will happen to this record and shows the action's form when it
 * declares fields (decision 241); the notification says what was done.
 */
export function ActionButtons({ decl, record }: { decl: ResourceDecl; record: Record<string, unknown> & { id: string | number } }) {
  const translate = useTranslate();
  const run = useAction();
  const [values, setValues] = useState<Record<string, ActionValues>>({});
  const actions = (decl.actions ?? []).filter((a) => !a.handWritten);
  if (!actions.length) return null;
  return (
    <Stack direction="row" spacing={1}>
      {actions.map((a) => (
        <ConfirmButton
          key={a.name}
          label={translate(`resources.${decl.name}.actions.${a.name}`)}
          question={translate(`resources.${decl.name}.actions.${a.name}_confirm`, a.confirmArgs?.(record))}
          canConfirm={!a.fields?.length || Object.keys(values[a.name] ?? {}).length > 0}
          onConfirm={async () => {
            await run<Record<string, unknown>>(
              decl.name,
              record.id,
              a.name,
              values[a.name] ?? {},
              a.doneArgs ? `resources.${decl.name}.actions.${a.name}_done` : 'console.done',
              a.doneArgs ? (r) => a.doneArgs!(r ?? {}) : undefined,
            );
            setValues((v) => ({ ...v, [a.name]: {} }));
          }}
        >
          {a.fields?.length ? (
            <ActionFields resource={decl.name} action={a.name} fields={a.fields} values={values[a.name] ?? {}} onChange={(v) => setValues((all) => ({ ...all, [a.name]: v }))} />
          ) : null}
        </ConfirmButton>
      ))}
    </Stack>
  );
}

function DeclaredActions({ decl }: { decl: ResourceDecl }) {
  const record = useRecordContext();
  if (!record || !decl.actions?.length) return null;
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <ActionButtons decl={decl} record={record} />
    </Box>
  );
}

export function GeneratedShow({ decl }: { decl: ResourceDecl }) {
  return (
    <Show resource={decl.name}>
      <SimpleShowLayout>{decl.fields.filter((f) => !f.secret).map((f) => fieldFor(decl, f))}</SimpleShowLayout>
      <DeclaredActions decl={decl} />
    </Show>
  );
}

export function GeneratedEdit({ decl }: { decl: ResourceDecl }) {
  return (
    <Edit resource={decl.name} mutationMode="pessimistic">
      <SimpleForm>{writableFields(decl, 'edit').map((f) => inputFor(decl, f))}</SimpleForm>
    </Edit>
  );
}

export function GeneratedCreate({ decl }: { decl: ResourceDecl }) {
  return (
    <Create resource={decl.name} redirect="list">
      {/* Only create starts from the declared defaults: an edit form shows what the record holds. */}
      <SimpleForm defaultValues={declaredDefaults(decl)}>{writableFields(decl, 'create').map((f) => inputFor(decl, f))}</SimpleForm>
    </Create>
  );
}
