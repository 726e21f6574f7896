// Every staff action sits behind a confirmation dialog (back-office.md section 5). The dialog
// (ConfirmDialog.tsx) loads the first time it opens, then stays mounted so it closes as a dialog does.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '@mui/material';

const ConfirmDialog = lazy(() => import('./ConfirmDialog.js'));

export function ConfirmButton(props: {
  label: string;
  question: string;
  onConfirm: () => Promise<unknown> | void;
  color?: 'primary' | 'error' | 'warning' | 'inherit';
  variant?: 'text' | 'outlined' | 'contained';
  disabled?: boolean;
  icon?: ReactNode;
  /** A form shown under the question (a declared action's fields). */
  children?: ReactNode;
  /** False keeps the confirm button disabled (the form is not filled yet). */
  canConfirm?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        size="small"
        color={props.color ?? 'primary'}
        variant={props.variant ?? 'outlined'}
        disabled={props.disabled}
        startIcon={props.icon}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
        data-confirm="true"
      >
        {props.label}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog open={open} onClose={() => setOpen(false)} label={props.label} question={props.question} onConfirm={props.onConfirm} color={props.color} canConfirm={props.canConfirm}>
            {props.children}
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  );
}
