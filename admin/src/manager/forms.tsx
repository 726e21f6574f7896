// Parts of the manager's template and shop forms: the spec's "fill all required fields" check
// (section 5: required fields non-empty after trimming, nothing saved otherwise) and the 3-to-5
// question editor (add below 5, delete only the last and only above 3; ids q1, q2...).
import { Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { ImageField, ImageInput, SaveButton, Toolbar, useInput, useNotify, useTranslate } from 'react-admin';
import { fileUrl } from '../../../models/rules/storage-url.js';
import { useFormContext } from 'react-hook-form';
import * as z from 'zod/mini';
import type { ResourceDecl } from '../../../models/resources/schema.js';
import {
  CHOICE_OPTIONS_MAX,
  CHOICE_OPTIONS_MIN,
  CHOICE_OPTION_MAX_LENGTH,
  QUESTIONS_MAX,
  QUESTIONS_MIN,
  QUESTION_MAX_LENGTH,
  QUESTION_TYPES,
  videoCount,
  type QuestionJson,
  type QuestionType,
} from '../../../models/rules/questions.js';
import { bodySchema } from '../../../models/resources/validation.js';

type Question = QuestionJson;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** The required fields of a declaration (those a form shows) that are blank in `values`. */
export function missingRequired(decl: ResourceDecl, values: Record<string, unknown>, sources: readonly string[]): string[] {
  return decl.fields.filter((f) => f.required && sources.includes(f.source) && blank(values[f.source])).map((f) => f.source);
}

type FieldMessage = string | { message: string; args: Record<string, unknown> };

/** The text of a failed field check: the code of the issue (models/resources/validation.ts) as a console message. */
function fieldMessage(decl: ResourceDecl, source: string, code: string, value: unknown): FieldMessage {
  const f = decl.fields.find((x) => x.source === source);
  if (code === 'required_field') return 'ra.validation.required';
  if (f?.minLengthMessage && code === f.minLengthMessage.replace(/^console\./, '')) return f.minLengthMessage;
  if (f?.maxLength !== undefined && typeof value === 'string' && [...value.trim()].length > f.maxLength) return { message: 'ra.validation.maxLength', args: { max: f.maxLength } };
  return 'manager.invalid_value';
}

/**
 * The form's validation: the declaration's own schema, the one the server applies on save
 * (models/resources/validation.ts), for the fields the form shows; each failing field gets its message.
 */
export function declaredValidate(decl: ResourceDecl, mode: 'create' | 'edit', sources: readonly string[]) {
  const schema = bodySchema(decl, mode);
  const images = decl.fields.filter((f) => f.type === 'image').map((f) => f.source);
  return (values: Record<string, unknown>): Record<string, FieldMessage> => {
    // A picture chosen in the form is a file object until the data provider uploads it and sends
    // its key: the upload route checks the file, so only a stored key is checked here.
    const pending = images.filter((s) => values[s] !== null && typeof values[s] === 'object');
    const stored = Object.fromEntries(pending.map((s) => [s, (values[s] as { key?: unknown }).key]));
    const result = z.safeParse(schema, { ...values, ...stored });
    const errors: Record<string, FieldMessage> = {};
    if (result.success) return errors;
    for (const issue of result.error.issues) {
      const source = String(issue.path[0] ?? '');
      if (!sources.includes(source) || errors[source]) continue;
      if (pending.includes(source) && typeof stored[source] !== 'string') continue;
      errors[source] = fieldMessage(decl, source, issue.message.split('|')[0], values[source]);
    }
    return errors;
  };
}

/** Save with the spec's check first: any required field blank -> "fill all required fields", nothing sent. */
export function RequiredToolbar({ decl, sources, extra }: { decl: ResourceDecl; sources: readonly string[]; extra?: (values: Record<string, unknown>) => boolean }) {
  const notify = useNotify();
  const { getValues } = useFormContext();
  return (
    <Toolbar>
      <SaveButton
        alwaysEnable
        type="button"
        onClick={(e) => {
          const values = getValues();
          const questions = (values.questions as Question[] | undefined) ?? null;
          const questionsBlank =
            sources.includes('questions') &&
            (!questions ||
              questions.some((q) => blank(q.question) || (q.type === 'choice' && (q.options ?? []).filter((o) => !blank(o.label)).length < CHOICE_OPTIONS_MIN)) ||
              videoCount(questions) < 1);
          if (missingRequired(decl, values, sources).length || questionsBlank || (extra && !extra(values))) {
            e.preventDefault();
            notify('manager.fill_required', { type: 'error' });
          }
        }}
      />
    </Toolbar>
  );
}

/** The question editor: 3 to 5 questions, the last one deletable above 3, ids renumbered q1...qn; each with its type and a choice's options (decision 455). */
export function QuestionsInput() {
  const translate = useTranslate();
  const { field } = useInput<Question[]>({ source: 'questions' });
  const list: Question[] = Array.isArray(field.value) ? field.value : [];
  const set = (next: Question[]) => field.onChange(next.map((q, i) => ({ ...q, id: `q${i + 1}` })));
  const change = (i: number, patch: Partial<Question>) => set(list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const setType = (i: number, type: QuestionType) => {
    const { options, type: _old, ...rest } = list[i];
    set(list.map((x, j) => (j === i ? (type === 'video' ? rest : type === 'text' ? { ...rest, type } : { ...rest, type, options: options ?? [{ label: '' }, { label: '' }] }) : x)));
  };
  return (
    <Box sx={{ width: '100%', mb: 2 }} data-testid="questions">
      <Typography variant="subtitle1" component="h2">
        {translate('resources.templates.fields.questions')}
      </Typography>
      <Stack spacing={2}>
        {list.map((q, i) => (
          <Stack key={i} spacing={1} data-testid={`question-${i + 1}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                fullWidth
                size="small"
                label={translate('manager.templates.question_n', { n: i + 1 })}
                value={q.question}
                error={blank(q.question)}
                onChange={(e) => change(i, { question: e.target.value })}
                slotProps={{ htmlInput: { maxLength: QUESTION_MAX_LENGTH, 'data-testid': 'question-text' } }}
              />
              {i === list.length - 1 && list.length > QUESTIONS_MIN ? (
                <IconButton aria-label={translate('manager.templates.delete_question')} onClick={() => set(list.slice(0, -1))} data-testid="delete-question">
                  <DeleteIcon />
                </IconButton>
              ) : (
                <Box sx={{ width: 40, flex: 'none' }} />
              )}
            </Stack>
            <TextField
              select
              size="small"
              sx={{ maxWidth: 280 }}
              label={translate('manager.templates.type')}
              value={q.type ?? 'video'}
              onChange={(e) => setType(i, e.target.value as QuestionType)}
              slotProps={{ htmlInput: { 'data-testid': 'question-type' } }}
            >
              {QUESTION_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {translate(`manager.templates.type_${type}`)}
                </MenuItem>
              ))}
            </TextField>
            {q.type === 'choice' && <OptionsInput options={q.options ?? []} onChange={(options) => change(i, { options })} />}
          </Stack>
        ))}
      </Stack>
      {videoCount(list) < 1 && (
        <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
          {translate('manager.templates.video_required')}
        </Typography>
      )}
      {list.length < QUESTIONS_MAX && (
        <Button sx={{ mt: 1 }} onClick={() => set([...list, { id: '', question: '' }])} data-testid="add-question">
          {translate('manager.templates.add_question')}
        </Button>
      )}
    </Box>
  );
}

/** A choice question's 2 to 6 options, each with its knockout box. */
function OptionsInput({ options, onChange }: { options: NonNullable<Question['options']>; onChange: (options: NonNullable<Question['options']>) => void }) {
  const translate = useTranslate();
  const edit = (i: number, patch: Partial<{ label: string; knockout: boolean }>) =>
    onChange(
      options.map((o, j) => {
        if (j !== i) return o;
        const next = { ...o, ...patch };
        return next.knockout ? { label: next.label, knockout: true } : { label: next.label };
      }),
    );
  return (
    <Stack spacing={1} sx={{ pl: 2 }} data-testid="options">
      <Typography variant="body2" color="text.secondary">
        {translate('manager.templates.options_hint')}
      </Typography>
      {options.map((o, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            fullWidth
            label={translate('manager.templates.option_n', { n: i + 1 })}
            value={o.label}
            error={blank(o.label)}
            onChange={(e) => edit(i, { label: e.target.value })}
            slotProps={{ htmlInput: { maxLength: CHOICE_OPTION_MAX_LENGTH, 'data-testid': 'option-label' } }}
          />
          <FormControlLabel
            sx={{ flex: 'none', mr: 0 }}
            control={<Checkbox checked={!!o.knockout} onChange={(e) => edit(i, { knockout: e.target.checked })} slotProps={{ input: { 'data-testid': 'option-knockout' } as object }} />}
            label={translate('manager.templates.knockout')}
          />
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        {options.length < CHOICE_OPTIONS_MAX && (
          <Button size="small" onClick={() => onChange([...options, { label: '' }])} data-testid="add-option">
            {translate('manager.templates.add_option')}
          </Button>
        )}
        {options.length > CHOICE_OPTIONS_MIN && (
          <Button size="small" onClick={() => onChange(options.slice(0, -1))} data-testid="delete-option">
            {translate('manager.templates.delete_option')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * A picture field (the template's company picture): the stored key shown through its public
 * address, with the field's name as the preview's text and the file input's label.
 */
export function PictureInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const name = translate(label);
  return (
    <ImageInput
      source={source}
      label={label}
      accept={{ 'image/*': [] }}
      format={(v: unknown) => (typeof v === 'string' ? { src: fileUrl(v), key: v, title: name } : v)}
      inputProps={{ 'aria-label': name }}
    >
      <ImageField source="src" title="title" />
    </ImageInput>
  );
}
