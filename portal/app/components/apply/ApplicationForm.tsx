// The application form of the public pages, in one place: the offer page's (e-mail, names, phone,
// CV, terms) and the custom landing's step 2 (e-mail, names, terms). A Remix form: without
// JavaScript it posts to the page's action, which runs the same schema and answers the errors;
// with JavaScript it checks the fields as the visitor types (lib/use-form.ts) and uploads the CV
// first. What follows the fields (hints, the buttons) is the page's, drawn by `footer`.
import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import type * as z from 'zod/mini';
import { useLangHref, useT } from '../../lib/i18n.js';
import { formMessage, type FieldErrors } from '../../lib/form-messages.js';
import { useForm, type SchemaLoader } from '../../lib/use-form.js';
import { PHONE_PREFIXES, keepDigits } from '../../../../models/rules/phone.js';
import { MAX_UPLOAD_BYTES } from '../../../../models/rules/upload.js';

type CvState = { state: 'none' | 'uploading' | 'ready' | 'error'; key?: string; name?: string; error?: string };

export interface ApplicationFormProps<S extends z.core.$ZodType> {
  /** The form's schema, loaded on demand (decision 174); defined once per module. */
  schema: SchemaLoader<S>;
  /** The errors the action answered for the last submission. */
  serverErrors: FieldErrors;
  /** The prefixes of the inputs' and error texts' ids (default f-email, e-email). */
  idPrefix?: string;
  errorPrefix?: string;
  /** Values posted with the form (the landing's chosen job code). */
  hidden?: Record<string, string>;
  /** The phone field with its country prefix, preselected. */
  phone?: { defaultPrefix: string };
  /** The optional PDF CV, uploaded as soon as it is chosen (posted with the form without JavaScript). */
  cv?: boolean;
  /** After the fields: ready is true once the form may be sent, sending while it is. */
  footer(state: { hydrated: boolean; ready: boolean; touched: boolean; sending: boolean }): ReactNode;
}

export function ApplicationForm<S extends z.core.$ZodType>({ schema, serverErrors, idPrefix, errorPrefix, hidden, phone, cv: withCv, footer }: ApplicationFormProps<S>) {
  const t = useT();
  const href = useLangHref();
  const navigation = useNavigation();
  const form = useForm(schema, { serverErrors, idPrefix, errorPrefix });
  const { hydrated, recheck, fieldProps } = form;
  const [cv, setCv] = useState<CvState>({ state: 'none' });
  // The CV's key joins the form once uploaded.
  useEffect(recheck, [cv.state, recheck]);
  const ready = form.valid && cv.state !== 'uploading';
  const sending = navigation.state === 'submitting';

  const onField = (e: ChangeEvent<HTMLFormElement>) => {
    const input = e.target as unknown as HTMLInputElement;
    if (input.name === 'phone') input.value = keepDigits(input.value);
    form.onChange(e);
  };

  const onCv = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return setCv({ state: 'none' });
    if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return setCv({ state: 'error', error: t('err_cv_type') });
    if (file.size >= MAX_UPLOAD_BYTES) return setCv({ state: 'error', error: t('err_cv_size') });
    setCv({ state: 'uploading', name: file.name });
    try {
      const body = new FormData();
      body.append('file', file);
      const res = await fetch('/apis/upload/cv', { method: 'POST', body });
      const json = (await res.json()) as { key?: string; message?: string };
      if (!res.ok || !json.key) return setCv({ state: 'error', error: json.message ?? t('offer_cv_error') });
      setCv({ state: 'ready', key: json.key, name: file.name });
    } catch {
      setCv({ state: 'error', error: t('offer_cv_error') });
    }
  };

  const FieldError = ({ field }: { field: string }) => {
    const err = form.errorOf(field);
    return err ? (
      <span className="field-error" id={form.errorId(field)}>
        {err}
      </span>
    ) : null;
  };
  const required = (
    <span className="req" aria-hidden="true">
      *
    </span>
  );
  const textField = (field: string, label: string, type: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={fieldProps(field).id}>
        {label} {required}
      </label>
      <input type={type} autoComplete={autoComplete} required {...fieldProps(field)} />
      <FieldError field={field} />
    </div>
  );

  return (
    <Form method="post" encType={withCv ? 'multipart/form-data' : undefined} ref={form.formRef} onChange={onField} noValidate aria-busy={sending}>
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {textField('email', t('offer_email'), 'email', 'email')}
      {textField('firstname', t('offer_firstname'), 'text', 'given-name')}
      {textField('lastname', t('offer_lastname'), 'text', 'family-name')}
      {phone && (
        <div className="field">
          <label htmlFor={fieldProps('phone').id}>
            {t('offer_phone')} {required}
          </label>
          <div className="phone">
            <select name="phone_prefix" aria-label={t('offer_phone_prefix')} defaultValue={phone.defaultPrefix}>
              {PHONE_PREFIXES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
            <input type="tel" inputMode="numeric" autoComplete="tel-national" required {...fieldProps('phone')} />
          </div>
          <span className="hint">{t('offer_phone_hint')}</span>
          <FieldError field="phone" />
        </div>
      )}
      {withCv && (
        <div className="field">
          <label htmlFor={`${idPrefix ?? 'f'}-cv`}>{t('offer_cv')}</label>
          <input id={`${idPrefix ?? 'f'}-cv`} type="file" accept="application/pdf,.pdf" name={hydrated ? undefined : 'cv'} onChange={onCv} />
          {cv.key && <input type="hidden" name="cv_file" value={cv.key} />}
          {cv.state === 'uploading' && <span className="hint">{t('offer_cv_uploading')}</span>}
          {cv.state === 'ready' && <span className="hint">{t('offer_cv_ready', { name: cv.name ?? '' })}</span>}
          {cv.state === 'error' && <span className="field-error">{cv.error}</span>}
          {!cv.error && serverErrors.cv_file && <span className="field-error">{t(formMessage(serverErrors.cv_file))}</span>}
        </div>
      )}
      <div className="field">
        <div className="check">
          <input type="checkbox" required {...fieldProps('accept_cgu')} />
          <label htmlFor={fieldProps('accept_cgu').id}>
            {t('offer_cgu_before')}
            <a href={href('/terms')} target="_blank" rel="noopener">
              {t('offer_cgu_link')}
            </a>{' '}
            {required}
          </label>
        </div>
        <FieldError field="accept_cgu" />
      </div>
      {footer({ hydrated, ready, touched: form.touchedAny, sending })}
    </Form>
  );
}
