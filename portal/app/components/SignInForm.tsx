// The e-mail and password sign-in form of the public pages, in one place: the candidate's
// (apply/Identity.tsx: applying, the privacy page, the meeting room), the /login test page's and
// the subscription page's. Two ways to send it, the same fields:
// - `onSignedIn`: the browser posts POST /apis/auth/login (session cookie) and says who signed in;
// - `intent`: a plain Remix form posted to the page's own action (it works without JavaScript).
import { Form, useNavigation } from '@remix-run/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { postJson } from '../lib/api-client.js';
import { useHydrated } from '../lib/hydrated.js';

/** The user POST /apis/auth/login answers (api/services/identity/auth.service.ts publicUser). */
export interface SignedInUser {
  email: string;
  name: string;
  profile: string;
  is_admin: boolean;
}

interface Common {
  /** The prefix of the inputs' ids: <prefix>-email, <prefix>-password. */
  idPrefix: string;
  /** The page's own words for the two fields and the button. */
  texts: { email: string; password: string; submit: string };
  /** Marks both fields required with a star (the subscription page's forms all do). */
  markRequired?: boolean;
  defaultEmail?: string;
  className?: string;
  testId?: string;
  /** Leaves the checks to the page (no browser bubbles). */
  noValidate?: boolean;
  /** Above the fields (a heading). */
  children?: ReactNode;
}

type Props =
  | (Common & {
      onSignedIn(user: SignedInUser): void | Promise<void>;
      /** A refused sign-in's message from the API (null when it gave none), or a network failure. */
      onError(failure: { message: string | null; status: number } | 'network'): void;
      /** A new attempt starts (the page clears its last error). */
      onAttempt?(): void;
      intent?: never;
    })
  | (Common & { intent: string; onSignedIn?: never; onError?: never; onAttempt?: never });

export function SignInForm(props: Props) {
  const { idPrefix, texts, markRequired, defaultEmail, className, testId, noValidate, children } = props;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [posting, setPosting] = useState(false);

  const signIn = async (e: FormEvent<HTMLFormElement>) => {
    if (props.intent !== undefined) return;
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPosting(true);
    props.onAttempt?.();
    try {
      const res = await postJson('/apis/auth/login', { email: form.get('email'), password: form.get('password') });
      const body = (await res.json().catch(() => ({}))) as { user?: SignedInUser; message?: string; error?: string };
      if (res.ok && body.user) await props.onSignedIn(body.user);
      else props.onError({ message: body.message ?? body.error ?? null, status: res.status });
    } catch {
      props.onError('network');
    } finally {
      setPosting(false);
    }
  };

  const star = markRequired ? (
    <>
      {' '}
      <span aria-hidden="true">*</span>
    </>
  ) : null;
  const fields = (
    <>
      {children}
      {props.intent !== undefined && <input type="hidden" name="intent" value={props.intent} />}
      <div className="field">
        <label htmlFor={`${idPrefix}-email`}>
          {texts.email}
          {star}
        </label>
        <input id={`${idPrefix}-email`} name="email" type="email" autoComplete="username" required defaultValue={defaultEmail} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-password`}>
          {texts.password}
          {star}
        </label>
        <input id={`${idPrefix}-password`} name="password" type="password" autoComplete="current-password" required />
      </div>
    </>
  );

  if (props.intent !== undefined) {
    return (
      <Form method="post" className={className} data-testid={testId}>
        {fields}
        <button type="submit" className="button block" disabled={navigation.state !== 'idle'}>
          {texts.submit}
        </button>
      </Form>
    );
  }
  return (
    <form onSubmit={(e) => void signIn(e)} className={className} data-testid={testId} noValidate={noValidate}>
      {fields}
      <button type="submit" className="button block" disabled={!hydrated || posting}>
        {texts.submit}
      </button>
    </form>
  );
}
