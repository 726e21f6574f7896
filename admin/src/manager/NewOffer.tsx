// "New offer" next to bulk creation (issue 13, decision 173): starts a draft of the offer wizard
// (POST /apis/draft-offer, owned by the signed-in manager or recruiter) and shows its link, to
// open now or to copy and send to whoever will fill it in (the link is the draft's key).
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { errorCode } from '../common/http.js';
import { createDraftOffer } from './api.js';

export function wizardLink(token: string, origin = window.location.origin): string {
  return `${origin}/draft/offer/${encodeURIComponent(token)}`;
}

export function NewOfferButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const { edition_token } = await createDraftOffer();
      setLink(wizardLink(edition_token));
    } catch (e) {
      notify(`manager.errors.${errorCode(e) ?? 'internal'}`, { type: 'error', messageArgs: { _: translate('manager.errors.internal') } });
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      notify('manager.new_offer.copied', { type: 'info' });
    } catch {
      notify('manager.new_offer.copy_failed', { type: 'warning' });
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={start} disabled={busy} data-testid="new-offer">
        {translate('manager.new_offer.button')}
      </Button>
      <Dialog open={!!link} onClose={() => setLink(null)} aria-labelledby="new-offer-title" fullWidth>
        <DialogTitle id="new-offer-title">{translate('manager.new_offer.title')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{translate('manager.new_offer.text')}</Typography>
          <TextField
            label={translate('manager.new_offer.link')}
            value={link ?? ''}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'new-offer-link' } }}
            onFocus={(e) => e.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button onClick={copy}>{translate('manager.new_offer.copy')}</Button>
            <Button variant="contained" href={link ?? ''} target="_blank" rel="noopener" data-testid="new-offer-open">
              {translate('manager.new_offer.open')}
            </Button>
            <Button onClick={() => setLink(null)}>{translate('ra.action.close')}</Button>
          </Box>
        </DialogActions>
      </Dialog>
    </>
  );
}
