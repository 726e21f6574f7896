// The candidate side panel, shared by the manager's candidates (/manager/offer/{job_code}) and the
// recruiter dashboard: the candidate's video answers in the portal's player, the CV, what outside
// reviewers voted and wrote on the candidate's share links, and a share link with a mail-to
// button. Media comes as signed addresses from GET /apis/applications/:id/media, reviews from
// GET /apis/applications/:id/feedback, the link from POST /apis/share-apply (back-office.md
// sections 2 and 7). Screens give their own actions (transitions) through `actions`.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Drawer, IconButton, Link, List, ListItem, ListItemText, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { useTranslate } from 'react-admin';
import { errorCode, getJson, postJson } from '../common/http.js';
import { VideoCallButton } from './VideoCallDialog.js';
import type { PanelCandidate, PanelView } from './panel.js';

const StoryPanel = lazy(() => import('./StoryPanel.js'));
// Answers whose takes are used up, with "Give a new take" (decision 465): nothing drawn when none.
const TakeBacks = lazy(() => import('./TakeBacks.js'));

interface Media {
  cv: string | null;
  questions: Array<{ id: string; question: string; url: string | null; expired_at?: string | null; type?: string; answer?: string | null; knockout?: boolean }>;
}

/**
 * The answers that do not meet a requirement (a knockout choice, decision 455): one badge each with
 * the question and the answer. Shown to the offer's side; the candidate stays listed and is never moved.
 */
export function KnockoutBadges({ knockouts }: { knockouts?: ReadonlyArray<{ qid?: string; id?: string; question: string; answer: string | null }> }) {
  const translate = useTranslate();
  if (!knockouts?.length) return null;
  return (
    <Stack spacing={0.5} sx={{ mt: 1, alignItems: 'flex-start' }} data-testid="knockouts">
      {knockouts.map((k) => (
        <Chip
          key={k.qid ?? k.id}
          size="small"
          color="warning"
          icon={<WarningIcon />}
          label={translate('candidates.knockout_badge', { question: k.question, answer: k.answer ?? '' })}
          sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
          data-testid="knockout-badge"
        />
      ))}
    </Stack>
  );
}

interface Reviews {
  up: number;
  down: number;
  items: Array<{ name: string; feedback: number; comment: string | null; created_at: string }>;
}

/** Opens the candidate's CV (a signed address, fetched when asked). */
export async function openCv(applicationId: number | string): Promise<boolean> {
  const media = await getJson<Media>(`/apis/applications/${encodeURIComponent(String(applicationId))}/media`);
  if (!media.cv) return false;
  window.open(media.cv, '_blank', 'noopener');
  return true;
}

function useLoad<T>(url: string | null): { data: T | null; error: string | null; loading: boolean } {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: !!url });
  useEffect(() => {
    if (!url) return;
    let live = true;
    setState({ data: null, error: null, loading: true });
    getJson<T>(url).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (e: unknown) => live && setState({ data: null, error: errorCode(e) ?? 'error', loading: false }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return state;
}

function StoryTab({ candidate }: { candidate: PanelCandidate }) {
  const translate = useTranslate();
  const { data, error, loading } = useLoad<Media>(`/apis/applications/${encodeURIComponent(String(candidate.applicationId))}/media`);
  if (loading) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  if (error || !data) return <Alert severity="error">{translate('candidates.load_error')}</Alert>;
  const answers = data.questions.filter((q): q is { id: string; question: string; url: string } => !!q.url);
  const written = data.questions.filter((q) => q.type && q.type !== 'video' && q.answer !== null && q.answer !== undefined);
  return (
    <Stack spacing={2}>
      <KnockoutBadges knockouts={data.questions.filter((q) => q.knockout).map((q) => ({ id: q.id, question: q.question, answer: q.answer ?? null }))} />
      {written.length > 0 && (
        <Box data-testid="written-answers">
          <Typography variant="subtitle1" component="h3">
            {translate('candidates.written_answers')}
          </Typography>
          <List dense>
            {written.map((q) => (
              <ListItem key={q.id} disableGutters>
                <ListItemText primary={q.question} secondary={q.answer} slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {answers.length ? (
        <Suspense fallback={<CircularProgress size={24} />}>
          <StoryPanel answers={answers} />
        </Suspense>
      ) : data.questions.some((q) => q.expired_at) ? (
        <Alert severity="info" data-testid="story-expired">
          {translate('candidates.story_expired')}
        </Alert>
      ) : (
        <Alert severity="info">{translate('candidates.no_story')}</Alert>
      )}
      {data.cv ? (
        <Button variant="outlined" href={data.cv} target="_blank" rel="noopener" data-testid="panel-cv">
          {translate('candidates.open_cv')}
        </Button>
      ) : (
        <Typography variant="body2">{translate('candidates.no_cv')}</Typography>
      )}
    </Stack>
  );
}

function FeedbackTab({ candidate }: { candidate: PanelCandidate }) {
  const translate = useTranslate();
  const { data, error, loading } = useLoad<Reviews>(`/apis/applications/${encodeURIComponent(String(candidate.applicationId))}/feedback`);
  const [share, setShare] = useState<string | null>(null);
  const [shareError, setShareError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const makeLink = async () => {
    setBusy(true);
    setShareError(null);
    try {
      const res = await postJson<{ shareURL: string }>('/apis/share-apply', { recruiter_id: candidate.recruiterId, job_code: candidate.jobCode, candidate_id: candidate.candidateId });
      setShare(res.shareURL);
    } catch (e) {
      setShareError(errorCode(e) ?? 'error');
    } finally {
      setBusy(false);
    }
  };
  const mailto = share
    ? `mailto:?subject=${encodeURIComponent(translate('candidates.share_subject', { name: candidate.name }))}&body=${encodeURIComponent(`${translate('candidates.share_body', { name: candidate.name })}\n${share}`)}`
    : '';
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="subtitle1" component="h3">
          {translate('candidates.share')}
        </Typography>
        {share ? (
          <Stack spacing={1} data-testid="share-link">
            <TextField value={share} size="small" fullWidth label={translate('candidates.share_link')} slotProps={{ htmlInput: { readOnly: true } }} onFocus={(e) => e.target.select()} />
            <Button variant="contained" href={mailto} data-testid="share-mailto">
              {translate('candidates.share_mail')}
            </Button>
          </Stack>
        ) : (
          <Button variant="contained" onClick={makeLink} disabled={busy} data-testid="share-button">
            {translate('candidates.share_make')}
          </Button>
        )}
        {shareError && <Alert severity="error">{translate(`candidates.errors.${shareError}`, { _: translate('candidates.load_error') })}</Alert>}
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3">
          {translate('candidates.feedback')}
        </Typography>
        {loading && <CircularProgress size={24} />}
        {error && <Alert severity="error">{translate('candidates.load_error')}</Alert>}
        {data && (
          <>
            <Typography variant="body2" data-testid="feedback-votes">
              {translate('candidates.votes', { up: data.up, down: data.down })}
            </Typography>
            {data.items.length === 0 ? (
              <Typography variant="body2">{translate('candidates.no_feedback')}</Typography>
            ) : (
              <List dense data-testid="feedback-list">
                {data.items.map((f, i) => (
                  <ListItem key={i} disableGutters>
                    <ListItemText
                      primary={`${f.feedback > 0 ? '👍' : '👎'} ${f.name}`}
                      secondary={f.comment ?? undefined}
                      slotProps={{ primary: { 'aria-label': `${translate(f.feedback > 0 ? 'candidates.vote_up' : 'candidates.vote_down')} ${f.name}` } as object }}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </Box>
    </Stack>
  );
}

/**
 * The side panel for one candidate, open while `candidate` is set. `view` picks the first tab;
 * `actions` (the screen's transitions) show under the candidate's name.
 */
export function CandidatePanel({ candidate, view = 'story', onClose, actions }: { candidate: PanelCandidate | null; view?: PanelView; onClose: () => void; actions?: ReactNode }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<PanelView>(view);
  useEffect(() => setTab(view), [view, candidate?.applicationId]);
  return (
    <Drawer
      anchor="right"
      open={!!candidate}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100vw', sm: 420 }, p: 2, boxSizing: 'border-box' }, 'aria-label': translate('candidates.panel') } as object }}
    >
      {candidate && (
        <Stack spacing={2} data-testid="candidate-panel">
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h6" component="h2">
              {candidate.name}
            </Typography>
            <IconButton onClick={onClose} aria-label={translate('ra.action.close')}>
              <CloseIcon />
            </IconButton>
          </Stack>
          {(candidate.email || candidate.phone) && (
            <Typography variant="body2">
              {candidate.email && <Link href={`mailto:${candidate.email}`}>{candidate.email}</Link>} {candidate.phone && <Link href={`tel:${candidate.phone}`}>{candidate.phone}</Link>}
            </Typography>
          )}
          {actions}
          <Suspense fallback={null}>
            <TakeBacks applicationId={candidate.applicationId} />
          </Suspense>
          <VideoCallButton candidate={candidate} />
          <Tabs value={tab} onChange={(_e, v: PanelView) => setTab(v)} variant="fullWidth">
            <Tab value="story" label={translate('candidates.story')} />
            <Tab value="feedback" label={translate('candidates.feedback')} />
          </Tabs>
          {tab === 'story' ? <StoryTab candidate={candidate} /> : <FeedbackTab candidate={candidate} />}
        </Stack>
      )}
    </Drawer>
  );
}
