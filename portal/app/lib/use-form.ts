// The one form hook of the portal: it re-checks the form's schema on every change, remembers
// which fields the visitor touched, and says which error to show for a field (the live one once
// touched, else the server's from the last submission) and whether the form is ready to send.
// Before hydration nothing here runs: the form posts to its Remix action, which runs the same
// schema, and shows the server's errors. The schema (and zod with it) is a separate script loaded
// when the visitor first focuses or changes the form, not with the page: it would put the offer
// and landing pages over 100 KB of JavaScript (decision 174).
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import type * as z from 'zod/mini';
import { formMessage, type FieldErrors } from './form-messages.js';
import { useHydrated } from './hydrated.js';
import { useT } from './i18n.js';

export interface UseFormOptions {
  /** The errors the action answered for the last submission (field -> code). */
  serverErrors?: FieldErrors;
  /** The values to check, read from the form (default: its FormData). */
  read?: (form: HTMLFormElement) => Record<string, unknown>;
  /** The prefix of the inputs' ids (default 'f': f-email). */
  idPrefix?: string;
  /** The prefix of the error texts' ids (default 'e': e-email). */
  errorPrefix?: string;
}

const readFormData = (form: HTMLFormElement) => Object.fromEntries(new FormData(form).entries());

/** Whether a field differs from what the server drew: the visitor typed before the scripts ran. */
function typedBeforeHydration(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some((el) => {
    if (el instanceof HTMLInputElement) {
      if (el.type === 'checkbox' || el.type === 'radio') return el.checked !== el.defaultChecked;
      if (el.type === 'file') return (el.files?.length ?? 0) > 0;
      return el.value !== el.defaultValue;
    }
    if (el instanceof HTMLTextAreaElement) return el.value !== el.defaultValue;
    if (el instanceof HTMLSelectElement) return Array.from(el.options).some((o) => o.selected !== o.defaultSelected);
    return false;
  });
}

type Check = (values: Record<string, unknown>) => { data: unknown; errors: FieldErrors | null };

/** The form's schema, imported on demand: () => import('…schema.js').then((m) => m.someSchema), defined once per module. */
export type SchemaLoader<S extends z.core.$ZodType> = () => Promise<S>;

export function useForm<S extends z.core.$ZodType>(loadSchema: SchemaLoader<S>, options: UseFormOptions = {}) {
  const { serverErrors = {}, idPrefix = 'f', errorPrefix = 'e' } = options;
  const read = useRef(options.read ?? readFormData);
  read.current = options.read ?? readFormData;
  const hydrated = useHydrated();
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [state, setState] = useState<{ errors: FieldErrors; data: z.output<S> | null; values: Record<string, unknown> }>({
    errors: {},
    data: null,
    values: {},
  });

  const check = useRef<Check | null>(null);
  const loading = useRef<Promise<void> | null>(null);

  const recheck = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const values = read.current(form);
    if (!check.current) {
      setState((prev) => ({ ...prev, values }));
      return;
    }
    const checked = check.current(values);
    setState({ errors: checked.errors ?? {}, data: checked.data as z.output<S> | null, values });
  }, []);

  /** Loads the schema and the checker once, then checks what the form holds. */
  const load = useCallback(() => {
    loading.current ??= Promise.all([loadSchema(), import('./form.js')]).then(([schema, { checkForm }]) => {
      check.current = (values) => checkForm(schema, values);
      recheck();
    });
    return loading.current;
  }, [loadSchema, recheck]);

  useEffect(() => {
    recheck();
    const form = formRef.current;
    if (!form) return;
    const start = () => void load();
    form.addEventListener('focusin', start, { once: true });
    form.addEventListener('input', start, { once: true });
    // A form the server drew with errors or values (a failed submission) is checked at once, and so
    // is one the visitor filled before hydration: its input events came before these listeners, and
    // the send button would stay disabled until they typed again.
    if (Object.keys(options.serverErrors ?? {}).length || typedBeforeHydration(form)) start();
    return () => {
      form.removeEventListener('focusin', start);
      form.removeEventListener('input', start);
    };
  }, [load, recheck]);

  const onChange = (e: ChangeEvent<HTMLFormElement>) => {
    const name = (e.target as unknown as HTMLInputElement).name;
    if (name) setTouched((prev) => (prev[name] ? prev : { ...prev, [name]: true }));
    if (check.current) recheck();
    else void load();
  };

  /** The code of the error to show for a field, if any. */
  const errorCode = (field: string): string | undefined => (hydrated && touched[field] ? state.errors[field] : undefined) ?? serverErrors[field];
  /** The text of the error to show for a field, if any. */
  const errorOf = (field: string): string | undefined => {
    const code = errorCode(field);
    return code ? t(formMessage(code)) : undefined;
  };
  /** name, id and the aria attributes of a field's input. */
  const fieldProps = (field: string) => {
    const err = errorOf(field);
    return {
      name: field,
      id: `${idPrefix}-${field}`,
      'aria-invalid': err ? true : undefined,
      'aria-describedby': err ? errorId(field) : undefined,
    };
  };
  /** The id of a field's error text (matches fieldProps' aria-describedby). */
  function errorId(field: string) {
    return `${errorPrefix}-${field}`;
  }

  return {
    formRef,
    onChange,
    recheck,
    hydrated,
    errorOf,
    errorCode,
    fieldProps,
    errorId,
    /** The values last read from the form. */
    values: state.values,
    /** The checked values, or null while the form is not valid. */
    data: state.data,
    /** True in the browser once the form is valid. */
    valid: hydrated && state.data !== null,
    /** True once the visitor changed any field. */
    touchedAny: Object.keys(touched).length > 0,
  };
}
