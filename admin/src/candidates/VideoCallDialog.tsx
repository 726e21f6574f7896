// "Video call" in the candidate panel (docs/decisions/290-meeting-invitations.md): send the candidate
// the room's link now and open the room, or schedule the call (a date and time, a length): the
// candidate and the recruiter's side get an .ics invitation and a reminder before. The calls to come
// are listed with a cancel button. Calls /apis/meeting-invite/{recruiter}/{candidate}.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { fetchUtils, useGetIdentity, useTranslate } from 'react-admin';
import { errorCode, getJson, postJson } from '../common/http.js';
import { listDate } from '../common/format.js';
import { DayField } from '../common/DayField.js';
import { DEFAULT_MEETING_DURATION, MEETING_DURATIONS, meetingRoomPath } from '../../../models/rules/meeting.js';
import type { PanelCandidate } from './panel.js';

interface MeetingView {
  id: number;
  starts_at: string | null;
  duration_min: number;
  time_zone: string;
  cancelled: boolean;
  sms: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A call's day and time as the consoles write dates (yyyy/mm/dd, HH:mm: models/rules/dates.ts), in this browser's zone. */
const dayOf = (d: Date) => listDate(d, false);
const timeOf = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
/** A time typed as the consoles write it, HH:mm on a 24-hour clock (a native time input follows the browser's language: decision 320). */
const TIME = /^([01]?\d|2[0-3])[:h.]([0-5]\d)$/;

/** Tomorrow at 10:00, the form's first proposal: its day (ISO) and time. */
function proposal(): { day: string; time: string } {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return { day: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: '10:00' };
}

export function VideoCallButton({ candidate }: { candidate: PanelCandidate }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const [open, setOpen] = useState(false);
  if (!identity?.id) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="video-call">
        {translate('candidates.video_call')}
      </Button>
      {open && <VideoCallDialog candidate={candidate} selfId={String(identity.id)} onClose={() => setOpen(false)} />}
    </>
  );
}

function VideoCallDialog({ candidate, selfId, onClose }: { candidate: PanelCandidate; selfId: string; onClose: () => void }) {
  const translate = useTranslate();
  const base = `/apis/meeting-invite/${encodeURIComponent(candidate.recruiterId)}/${encodeURIComponent(candidate.candidateId)}`;
  const room = meetingRoomPath(candidate.recruiterId, candidate.candidateId, selfId);
  const [meetings, setMeetings] = useState<MeetingView[]>([]);
  const [day, setDay] = useState<string | null>(() => proposal().day);
  const [time, setTime] = useState(() => proposal().time);
  const [duration, setDuration] = useState<number>(DEFAULT_MEETING_DURATION);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(() => {
    getJson<{ meetings: MeetingView[] }>(base).then(
      (r) => setMeetings(r.meetings),
      () => setMeetings([]),
    );
  }, [base]);
  useEffect(reload, [reload]);

  const fail = (e: unknown) => setError(translate(`meeting_invite.errors.${errorCode(e) ?? 'error'}`, { _: translate('meeting_invite.errors.error') }));

  const sendNow = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const { meeting } = await postJson<{ meeting: MeetingView }>(base, {});
      setDone(translate(meeting.sms ? 'meeting_invite.sent_now_sms' : 'meeting_invite.sent_now', { name: candidate.name }));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const schedule = async () => {
    setError(null);
    setDone(null);
    const hm = TIME.exec(time.trim());
    // The day and time in this browser's zone (the invitation carries the zone).
    const at = day && hm ? new Date(`${day}T${hm[1].padStart(2, '0')}:${hm[2]}`) : new Date(NaN);
    if (Number.isNaN(at.getTime())) return setError(translate('meeting_invite.errors.meeting_time_invalid'));
    if (at.getTime() <= Date.now()) return setError(translate('meeting_invite.errors.meeting_time_past'));
    setBusy(true);
    try {
      const time_zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      await postJson(base, { starts_at: at.toISOString(), duration_min: duration, time_zone });
      setDone(translate('meeting_invite.scheduled', { name: candidate.name, date: dayOf(at), time: timeOf(at) }));
      reload();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (m: MeetingView) => {
    setError(null);
    setDone(null);
    try {
      await fetchUtils.fetchJson(`${base}/${m.id}`, { method: 'DELETE', credentials: 'include' });
      setDone(translate('meeting_invite.cancelled'));
      reload();
    } catch (e) {
      fail(e);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="video-call-title" data-testid="video-call-dialog">
      <DialogTitle id="video-call-title">{translate('meeting_invite.title', { name: candidate.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {done && (
            <Alert severity="success" role="status" data-testid="video-call-done">
              {done}
            </Alert>
          )}
          {error && (
            <Alert severity="error" data-testid="video-call-error">
              {error}
            </Alert>
          )}
          <Box>
            <Typography variant="subtitle1" component="h3">
              {translate('meeting_invite.now_title')}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('meeting_invite.now_text')}
            </Typography>
            <Stack direction="row" spacing={1}>
              {/* The room opens in a new tab at once (a tab opened after an await would be blocked); the link goes out meanwhile. */}
              <Button variant="contained" href={room} target="_blank" rel="noopener" onClick={() => void sendNow()} disabled={busy} data-testid="meeting-call-now">
                {translate('meeting_invite.call_now')}
              </Button>
              <Button href={room} target="_blank" rel="noopener" data-testid="meeting-open">
                {translate('meeting_invite.open_room')}
              </Button>
            </Stack>
          </Box>
          <Divider />
          <Box component="form" onSubmit={(e) => (e.preventDefault(), void schedule())}>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {translate('meeting_invite.schedule_title')}
            </Typography>
            <Stack spacing={2}>
              <Stack direction="row" spacing={1}>
                <DayField label={translate('meeting_invite.day')} value={day} onChange={setDay} required size="small" testId="meeting-day" />
                <TextField
                  label={translate('meeting_invite.time')}
                  value={time}
                  onChange={(e) => setTime(e.target.value)}
                  required
                  size="small"
                  placeholder={translate('meeting_invite.time_placeholder')}
                  error={time.trim() !== '' && !TIME.test(time.trim())}
                  sx={{ width: 110 }}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': 'meeting-time' } }}
                />
              </Stack>
              <TextField select label={translate('meeting_invite.duration')} value={duration} onChange={(e) => setDuration(Number(e.target.value))} size="small" data-testid="meeting-duration">
                {MEETING_DURATIONS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {translate('meeting_invite.minutes', { n: d })}
                  </MenuItem>
                ))}
              </TextField>
              <Typography variant="body2">{translate('meeting_invite.schedule_text')}</Typography>
              <Button type="submit" variant="contained" disabled={busy} data-testid="meeting-schedule">
                {translate('meeting_invite.schedule')}
              </Button>
            </Stack>
          </Box>
          {meetings.length > 0 && (
            <Box>
              <Typography variant="subtitle1" component="h3">
                {translate('meeting_invite.upcoming')}
              </Typography>
              <List dense data-testid="meeting-upcoming">
                {meetings.map((m) => {
                  const at = new Date(m.starts_at!);
                  return (
                    <ListItem
                      key={m.id}
                      disableGutters
                      secondaryAction={
                        <Button size="small" color="error" onClick={() => void cancel(m)}>
                          {translate('meeting_invite.cancel')}
                        </Button>
                      }
                    >
                      <ListItemText primary={translate('meeting_invite.at', { date: dayOf(at), time: timeOf(at) })} secondary={translate('meeting_invite.minutes', { n: m.duration_min })} />
                    </ListItem>
                  );
                })}
              </List>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
