// The day input of react-admin forms and filter forms (generated screens): DayField (a day typed as
// dd/MM/yyyy, or picked in the browser's calendar; decision 320) bound to the form's field.
import { FieldTitle, useInput, useResourceContext, ValidationError, type InputProps } from 'react-admin';
import { DayField } from './DayField.js';

/** The react-admin input (generated forms and filters): the record's ISO day in, an ISO day out. */
export function DayInput(props: InputProps & { label?: string; alwaysOn?: boolean }) {
  const { field, fieldState, formState, isRequired } = useInput({ ...props, format: (v: unknown) => v, parse: (v: unknown) => v });
  const resource = useResourceContext(props);
  const shown = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted) && fieldState.error?.message;
  return (
    <DayField
      value={field.value}
      onChange={(day) => field.onChange(day)}
      onBlur={field.onBlur}
      name={field.name}
      label={<FieldTitle label={props.label} source={props.source} resource={resource} isRequired={isRequired} />}
      error={shown ? <ValidationError error={shown} /> : undefined}
      size="small"
      margin="dense"
      testId={`day-${props.source}`}
    />
  );
}
