// The offer wizard's steps on the job's terms: 7 the start date (dd/MM/yyyy, read by the action),
// 11 the pay (minimum, maximum, currency, period).
import { Field, SelectField, described, type StepProps } from './parts.js';

export function StartDateStep({ page, t, errorOf, typedText }: StepProps) {
  return (
    <Field id="w-start_date" label={t('wiz_start_date')} required error={errorOf('start_date')} hint={t('wiz_date_hint')}>
      <input
        id="w-start_date"
        name="start_date"
        type="text"
        inputMode="numeric"
        placeholder="jj/mm/aaaa"
        pattern="\d{1,2}/\d{1,2}/\d{4}"
        defaultValue={typedText('start_date', page.startDate)}
        {...described('w-start_date', errorOf('start_date'), true)}
      />
    </Field>
  );
}

export function PayStep(p: StepProps) {
  const { page, t, errorOf, typedText } = p;
  return (
    <div className="grid-2">
      {(['pay_min', 'pay_max'] as const).map((f) => (
        <Field key={f} id={`w-${f}`} label={t(f === 'pay_min' ? 'wiz_pay_min' : 'wiz_pay_max')} required error={errorOf(f)}>
          <input id={`w-${f}`} name={f} type="number" inputMode="numeric" min={0} step={100} defaultValue={typedText(f, page.json[f])} {...described(`w-${f}`, errorOf(f))} />
        </Field>
      ))}
      <SelectField name="pay_currency" label={t('wiz_currency')} options={page.lists.pay_currency} p={p} />
      <SelectField name="pay_period" label={t('wiz_period')} options={page.lists.pay_period} p={p} />
    </div>
  );
}
