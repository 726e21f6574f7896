// Offer templates of a manager's company (back-office.md section 3, type offer): the offer fields
// with their defaults, kept in the template's JSON content. Saving needs title, company name,
// picture and description, job description and qualifications, non-empty after trimming
// (section 5, "fill all required fields"). The interview settings (decision 405) start at their defaults. Staff see every template, a manager their own.
import { COMPANY_ACCESS, defineResource, type FieldDecl } from '../schema.js';
import { CANDIDATE_EXPERIENCE, CANDIDATE_GRADUATION, CONT_TYPE, JOB_CAT, LANGUAGES, PAY_CURRENCY, PAY_PERIOD, Q_TEMPLATE } from '../../../config/reference/lists.js';
import { QUESTIONS_MAX, QUESTIONS_MIN } from '../../rules/questions.js';
import { ANSWER_CHOICES, DEFAULT_INTERVIEW_JSON, RETAKE_CHOICES, THINK_CHOICES } from '../../rules/interview.js';

const content = { json: 'content' } as const;
const values = (list: readonly { value: string }[]) => list.map((c) => c.value);
const choice = (source: string, list: readonly { value: string; fr: string; nl: string; en: string }[], def: string): FieldDecl => ({
  source,
  type: 'enum',
  from: content,
  choices: values(list),
  choiceNames: list,
  default: def,
  required: true,
  writable: true,
});

/** The three questions a new template starts with: the first question templates of the configuration. */
export const TEMPLATE_QUESTIONS = Q_TEMPLATE.slice(0, 3).map((q, i) => ({ id: `q${i + 1}`, question: q.fr }));
export const COMPANY_PICTURE_DEFAULT = 'avatar/icon_company.png';
export const OFFER_LANGS = ['fr', 'nl'] as const;

export const templates = defineResource({
  name: 'templates',
  model: 'Template',
  recordRepresentation: 'title',
  fields: [
    { source: 'owner_id', type: 'reference', reference: 'users', list: true, required: true, writable: 'create' },
    { source: 'title', type: 'string', from: content, list: true, required: true, maxLength: 200, writable: true },
    { source: 'company_name', type: 'string', from: content, list: true, required: true, maxLength: 160, writable: true },
    { source: 'company_picture', type: 'image', from: content, required: true, maxLength: 1024, writable: true, default: COMPANY_PICTURE_DEFAULT },
    { source: 'company_description', type: 'text', from: content, required: true, maxLength: 5000, writable: true },
    { source: 'description', type: 'text', from: content, required: true, maxLength: 10_000, writable: true, cut: 255 },
    { source: 'candidate_qualification', type: 'text', from: content, required: true, maxLength: 2000, writable: true },
    choice('contract_type', CONT_TYPE, 'cdi'),
    choice('candidate_graduation', CANDIDATE_GRADUATION, 'no_care'),
    choice('candidate_experience', CANDIDATE_EXPERIENCE, 'none'),
    { source: 'pay_min', type: 'number', from: content, required: true, min: 0, max: 1_000_000, writable: true, default: 1 },
    { source: 'pay_max', type: 'number', from: content, required: true, min: 0, max: 1_000_000, writable: true, default: 2 },
    choice('pay_currency', PAY_CURRENCY, 'EUR'),
    choice('pay_period', PAY_PERIOD, 'month'),
    {
      ...choice(
        'lang',
        LANGUAGES.filter((l) => (OFFER_LANGS as readonly string[]).includes(l.value)),
        'fr',
      ),
    },
    { source: 'tags', type: 'tags', from: content, choices: values(JOB_CAT), choiceNames: JOB_CAT, maxLength: 10, writable: true, default: [] },
    { source: 'questions', type: 'questions', from: content, required: true, minLength: QUESTIONS_MIN, maxLength: QUESTIONS_MAX, writable: true, default: TEMPLATE_QUESTIONS },
    // The interview settings (models/rules/interview.ts), copied into the offers made from the template.
    { source: 'think_seconds', type: 'enum', from: content, choices: THINK_CHOICES, default: DEFAULT_INTERVIEW_JSON.think_seconds, required: true, writable: true },
    { source: 'answer_seconds', type: 'enum', from: content, choices: ANSWER_CHOICES, default: DEFAULT_INTERVIEW_JSON.answer_seconds, required: true, writable: true },
    { source: 'retakes', type: 'enum', from: content, choices: RETAKE_CHOICES, default: DEFAULT_INTERVIEW_JSON.retakes, required: true, writable: true },
    { source: 'start_date', type: 'day', from: content, writable: true },
    { source: 'created_at', type: 'date', list: true, sortable: true },
  ],
  filters: [
    { source: 'owner_id', type: 'eq', alwaysOn: true },
    { source: 'id', type: 'in' },
  ],
  base: { type: 'offer' },
  sort: ['created_at'],
  access: COMPANY_ACCESS,
  rows: { manager: { column: 'owner_id', match: 'self' } },
  list: { layout: 'table', rowActions: ['edit', 'delete'], deleteConfirm: 'console.delete_record_confirm' },
});
