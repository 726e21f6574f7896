// The confirmation dialog of ConfirmButton: its own chunk, loaded the first time a confirmation is
// asked, not with the lists that show the buttons (issue 26, decision 398).
import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  label: string;
  question: string;
  onConfirm: () => Promise<unknown> | void;
  color?: 'primary' | 'error' | 'warning' | 'inherit';
  children?: ReactNode;
  canConfirm?: boolean;
}

export default function ConfirmDialog(props: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();
  return (
    <Dialog open={props.open} onClose={props.onClose}>
      <DialogTitle>{props.label}</DialogTitle>
      <DialogContent>
        {props.question}
        {props.children}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('console.cancel')}</Button>
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
              props.onClose();
            }
          }}
        >
          {translate('console.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
