// The offer wizard's text steps: 1 the title and the offer's language, 2 the company (logo, name,
// description), 3 the job's description, 10 the qualifications sought.
import { Field, SelectField, described, type StepProps } from './parts.js';

export function TitleStep(p: StepProps) {
  const { page, t, errorOf, typedText } = p;
  return (
    <>
      <Field id="w-title" label={t('wiz_title_label')} required error={errorOf('title')}>
        <input id="w-title" name="title" type="text" maxLength={200} defaultValue={typedText('title', page.json.title)} {...described('w-title', errorOf('title'))} />
      </Field>
      <SelectField name="lang" label={t('wiz_lang_label')} options={page.lists.languages} p={p} />
    </>
  );
}

/** The logo is sent with its own button (the form is multipart on this step) and shown from its small copy. */
export function CompanyStep(p: StepProps) {
  const { page, t, errorOf, typedText } = p;
  return (
    <>
      <Field id="w-logo" label={t('wiz_logo')} error={errorOf('logo')}>
        {page.logoSrc && <img className="wizard-logo" src={page.logoSrc} alt={t('wiz_logo_alt')} width={96} height={96} />}
        <input id="w-logo" name="logo" type="file" accept="image/*" {...described('w-logo', errorOf('logo'))} />
        <span className="row">
          <button type="submit" name="intent" value="logo" className="button secondary" formNoValidate>
            {t('wiz_logo_upload')}
          </button>
          {page.json.company_picture && (
            <button type="submit" name="intent" value="remove_logo" className="button secondary">
              {t('wiz_logo_remove')}
            </button>
          )}
        </span>
      </Field>
      <Field id="w-company_name" label={t('wiz_company_name')} required error={errorOf('company_name')}>
        <input
          id="w-company_name"
          name="company_name"
          type="text"
          maxLength={160}
          autoComplete="organization"
          defaultValue={typedText('company_name', page.json.company_name)}
          {...described('w-company_name', errorOf('company_name'))}
        />
      </Field>
      <LongText p={p} name="company_description" label={t('wiz_company_description')} rows={5} max={5000} />
    </>
  );
}

/** A required text of several lines. */
function LongText({ p, name, label, rows, max }: { p: StepProps; name: 'company_description' | 'description' | 'candidate_qualification'; label: string; rows: number; max: number }) {
  const error = p.errorOf(name);
  return (
    <Field id={`w-${name}`} label={label} required error={error}>
      <textarea id={`w-${name}`} name={name} rows={rows} maxLength={max} defaultValue={p.typedText(name, p.page.json[name])} {...described(`w-${name}`, error)} />
    </Field>
  );
}

export const DescriptionStep = (p: StepProps) => <LongText p={p} name="description" label={p.t('wiz_description')} rows={10} max={10000} />;

export const QualificationsStep = (p: StepProps) => <LongText p={p} name="candidate_qualification" label={p.t('wiz_qualifications')} rows={6} max={5000} />;
