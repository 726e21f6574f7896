// The side panel of the candidate board: the console's one candidate panel
// (admin/src/candidates/CandidatePanel.tsx: the story player through signed addresses, the CV,
// the outside reviewers' feedback). "Voir le CV" opens it with the CV shown on top, from the
// Item's short-lived signed address. A finished story's panel carries the candidate's state and
// its moves (issue 24: the manager panel's moves, for the recruiter on their own offers).
import { useTranslate } from 'react-admin';
import { Box, Button, Stack } from '@mui/material';
import type { RecruiterState } from '../../../models/rules/recruiter-states.js';
import { CandidatePanel } from '../candidates/CandidatePanel.js';
import { StateMoves } from '../candidates/StateMoves.js';
import type { DashboardItem } from './data.js';

export interface PanelRequest {
  item: DashboardItem;
  view: 'story' | 'cv';
}

export function DashboardPanel({ request, onClose, onMove, busy }: { request: PanelRequest; onClose: () => void; onMove: (item: DashboardItem, to: RecruiterState) => void; busy: boolean }) {
  const translate = useTranslate();
  const { item, view } = request;
  const candidate = {
    applicationId: item.id,
    candidateId: item.candidate.sub,
    jobCode: item.job_code,
    recruiterId: item.recruiter_id,
    name: item.candidate.name || item.candidate.email || item.candidate.sub,
    email: item.candidate.email,
    phone: item.candidate.phone,
  };
  const cv =
    view === 'cv' && item.cv_url ? (
      <Stack spacing={1}>
        <Box
          component="iframe"
          src={item.cv_url}
          title={translate('dashboard.open_cv')}
          data-testid="cv"
          sx={{ width: '100%', height: { xs: '60vh', sm: '70vh' }, border: 1, borderColor: 'divider' }}
        />
        <Button variant="outlined" href={item.cv_url} target="_blank" rel="noopener">
          {translate('dashboard.open_cv')}
        </Button>
      </Stack>
    ) : undefined;
  const moves = item.state === 'complete' ? <StateMoves state={item.recruiter_state} busy={busy} onMove={(to) => onMove(item, to)} /> : null;
  return (
    <CandidatePanel
      candidate={candidate}
      view="story"
      onClose={onClose}
      actions={
        <>
          {moves}
          {cv}
        </>
      }
    />
  );
}
