// The offer wizard's steps chosen from reference lists: 5 the contract, 6 the categories (the only
// optional step), 8 the experience, 9 the graduation.
import { Cards, type StepProps } from './parts.js';

export const ContractStep = ({ page, t, errorOf }: StepProps) => (
  <Cards name="contract_type" legend={t('wiz_contract')} choices={page.lists.cont_type} value={page.json.contract_type} error={errorOf('contract_type')} />
);

export function CategoriesStep({ page, t, errorOf }: StepProps) {
  const error = errorOf('tags');
  return (
    <fieldset className="chips" aria-describedby={error ? 'tags-error' : undefined}>
      <legend>{t('wiz_category')}</legend>
      {page.lists.job_cat.map((c) => (
        <label key={c.value} className="chip">
          <input type="checkbox" name="tags" value={c.value} defaultChecked={page.json.tags?.includes(c.value)} />
          <span>{c.name}</span>
        </label>
      ))}
      {error && (
        <span className="field-error" id="tags-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}

export const ExperienceStep = ({ page, t, errorOf }: StepProps) => (
  <Cards name="candidate_experience" legend={t('wiz_experience')} choices={page.lists.candidate_experience} value={page.json.candidate_experience} error={errorOf('candidate_experience')} />
);

export const GraduationStep = ({ page, t, errorOf }: StepProps) => (
  <Cards name="candidate_graduation" legend={t('wiz_graduation')} choices={page.lists.candidate_graduation} value={page.json.candidate_graduation} error={errorOf('candidate_graduation')} />
);
