// Parts of the manager's template and shop forms: the spec's "fill all required fields" check
// (section 5: required fields non-empty after trimming, nothing saved otherwise) and the 3-to-5
// question editor (add below 5, delete only the last and only above 3; ids q1, q2...).
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { ImageField, ImageInput, SaveButton, Toolbar, useInput, useNotify, useTranslate } from 'react-admin';
import { fileUrl } from '../../../models/rules/storage-url.js';
import { useFormContext } from 'react-hook-form';
import * as z from 'zod/mini';
import type { ResourceDecl } from '../../../models/resources/schema.js';
import { QUESTIONS_MAX, QUESTIONS_MIN } from '../../../models/rules/questions.js';
import { bodySchema } from '../../../models/resources/validation.js';

type Question = { id: string; question: string };

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
          const questionsBlank = sources.includes('questions') && (!questions || questions.some((q) => blank(q.question)));
          if (missingRequired(decl, values, sources).length || questionsBlank || (extra && !extra(values))) {
            e.preventDefault();
            notify('manager.fill_required', { type: 'error' });
          }
        }}
      />
    </Toolbar>
  );
}

/** The question editor: 3 to 5 questions, the last one deletable above 3, ids renumbered q1...qn. */
export function QuestionsInput() {
  const translate = useTranslate();
  const { field } = useInput<Question[]>({ source: 'questions' });
  const list: Question[] = Array.isArray(field.value) ? field.value : [];
  const set = (next: Question[]) => field.onChange(next.map((q, i) => ({ ...q, id: `q${i + 1}` })));
  return (
    <Box sx={{ width: '100%', mb: 2 }} data-testid="questions">
      <Typography variant="subtitle1" component="h2">
        {translate('resources.templates.fields.questions')}
      </Typography>
      <Stack spacing={1}>
        {list.map((q, i) => (
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              fullWidth
              size="small"
              label={translate('manager.templates.question_n', { n: i + 1 })}
              value={q.question}
              error={blank(q.question)}
              onChange={(e) => set(list.map((x, j) => (j === i ? { ...x, question: e.target.value } : x)))}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            {i === list.length - 1 && list.length > QUESTIONS_MIN ? (
              <IconButton aria-label={translate('manager.templates.delete_question')} onClick={() => set(list.slice(0, -1))} data-testid="delete-question">
                <DeleteIcon />
              </IconButton>
            ) : (
              <Box sx={{ width: 40 }} />
            )}
          </Stack>
        ))}
      </Stack>
      {list.length < QUESTIONS_MAX && (
        <Button sx={{ mt: 1 }} onClick={() => set([...list, { id: '', question: '' }])} data-testid="add-question">
          {translate('manager.templates.add_question')}
        </Button>
      )}
    </Box>
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
