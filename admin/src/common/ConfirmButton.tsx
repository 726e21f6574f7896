// Every staff action sits behind a confirmation dialog (back-office.md section 5).
import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

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
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();
  return (
    <>
      <Button size="small" color={props.color ?? 'primary'} variant={props.variant ?? 'outlined'} disabled={props.disabled} startIcon={props.icon} onClick={() => setOpen(true)} data-confirm="true">
        {props.label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{props.label}</DialogTitle>
        <DialogContent>
          {props.question}
          {props.children}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('console.cancel')}</Button>
          <Button
            variant="contained"
            color={props.color === 'error' ? 'error' : 'primary'}
            disabled={busy || props.canConfirm === false}
            onClick={async () => {
              setBusy(true);
              try {
                await props.onConfirm();
              } finally {
                setBusy(false);
                setOpen(false);
              }
            }}
          >
            {translate('console.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
