// "Give a new take" (decision 465): the answers of an offer (the manager's candidates) or of one
// application (the candidate panel) whose takes are all used up, each with a button that gives the
// candidate one take back (POST /apis/take-backs; the server decides who may, api/auth/access.ts).
// Draws nothing when no answer is stuck. Loaded when first drawn.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { getJson, postJson } from '../common/http.js';
import type { UsedUpTake } from '../../../api/services/applications/take-backs.service.js';

export default function TakeBacks({ jobCode, applicationId }: { jobCode?: string; applicationId?: number | string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [items, setItems] = useState<UsedUpTake[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const query = jobCode !== undefined ? `job_code=${encodeURIComponent(jobCode)}` : `application_id=${encodeURIComponent(String(applicationId))}`;
  const load = useCallback(() => {
    getJson<{ Items: UsedUpTake[] }>(`/apis/take-backs?${query}`).then(
      (res) => setItems(res.Items),
      () => setItems([]),
    );
  }, [query]);
  useEffect(load, [load]);
  if (!items.length) return null;
  const give = async (item: UsedUpTake) => {
    setBusy(`${item.application_id}:${item.qid}`);
    try {
      await postJson('/apis/take-backs', { application_id: item.application_id, qid: item.qid });
      notify('candidates.take_back_done', { type: 'success', messageArgs: { name: item.candidate.name || item.candidate.email } });
    } catch (e) {
      const message = (e as { body?: { message?: string } }).body?.message;
      notify(message ?? 'candidates.load_error', { type: 'error' });
    } finally {
      setBusy(null);
      load();
    }
  };
  return (
    <Alert severity="warning" data-testid="take-backs" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <Typography variant="subtitle2" component="h3">
        {translate('candidates.take_back_title')}
      </Typography>
      <List dense disablePadding>
        {items.map((item) => (
          <ListItem
            key={`${item.application_id}:${item.qid}`}
            disableGutters
            secondaryAction={
              <Button size="small" variant="outlined" disabled={busy !== null} onClick={() => void give(item)} data-testid="take-back">
                {translate('candidates.take_back')}
              </Button>
            }
            sx={{ pr: 18 }}
          >
            <ListItemText primary={jobCode !== undefined ? item.candidate.name || item.candidate.email : item.question} secondary={jobCode !== undefined ? item.question : undefined} />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
