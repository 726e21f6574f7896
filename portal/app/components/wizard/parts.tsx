// What the offer wizard's steps share (issue 25 split its one step form): the props every step's
// fields receive, a labelled field with the action's error, a select, choice cards, and the steps'
// names and links.
import { useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { MessageKey, T } from '../../i18n/index.js';
import type { wizardData } from '../../routes/draft.offer.$token.($step).server.js';

export type WizardPage = Awaited<ReturnType<typeof wizardData>>;

/** What a step's fields are drawn from; the page's form (StepForm) works them out once. */
export interface StepProps {
  page: WizardPage;
  t: T;
  /** The action's message when it names this field (or a field inside it). */
  errorOf: (field: string) => string | null;
  /** What the visitor typed before a refused post, else what the draft holds. */
  typedText: (name: string, saved: string | number | undefined) => string;
}

export const stepKey = (n: number) => `wiz_step_${n}` as MessageKey;

/** The address of a step (the welcome menu without one), keeping the page's query. */
export function useStepHref(token: string) {
  const { search } = useLocation();
  return (step?: number) => `/draft/offer/${encodeURIComponent(token)}${step ? `/${step}` : ''}${search}`;
}

/** A labelled field with its error (the action names one field at a time). */
export function Field({ id, label, required, error, hint, children }: { id: string; label: string; required?: boolean; error?: string | null; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** aria attributes of an input whose field may carry the action's error. */
export function described(id: string, error: string | null | undefined, hint = false) {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

type Choice = { name: string; value: string };

/** A required select of a reference list (the offer's language, the pay's currency and period). */
export function SelectField({ name, label, options, p }: { name: 'lang' | 'pay_currency' | 'pay_period'; label: string; options: Choice[]; p: StepProps }) {
  return (
    <Field id={`w-${name}`} label={label} required error={p.errorOf(name)}>
      <select id={`w-${name}`} name={name} defaultValue={p.typedText(name, p.page.json[name])}>
        {options.map((c) => (
          <option key={c.value} value={c.value}>
            {c.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** One required choice of a reference list, as cards (contract, experience, graduation). */
export function Cards({ name, legend, choices, value, error }: { name: string; legend: string; choices: Choice[]; value?: string; error?: string | null }) {
  return (
    <fieldset className="cards" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>
        {legend}
        <span aria-hidden="true"> *</span>
      </legend>
      {choices.map((c) => (
        <label key={c.value} className="choice-card">
          <input type="radio" name={name} value={c.value} defaultChecked={value === c.value} />
          <span>{c.name}</span>
        </label>
      ))}
      {error && (
        <span className="field-error" id={`${name}-error`} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
