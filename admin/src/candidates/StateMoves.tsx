// A candidate's state and the moves offered from it (back-office.md section 4), for the manager's
// side panel and the recruiter dashboard's panel and cards: the buttons come from the shared rule
// (models/rules/recruiter-states.ts nextMoves), the server checks the same rule and the caller's
// reach (api/auth/access.ts) on POST /apis/application/{job_code}/{candidate}.
import { Button, Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { nextMoves, type RecruiterState } from '../../../models/rules/recruiter-states.js';

export const STATE_COLORS: Record<string, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  new: 'primary',
  view: 'default',
  shortlist: 'success',
  to_recruit: 'success',
  recruited: 'success',
  wait_reject: 'warning',
  rejected: 'error',
};

const BUTTONS: Record<string, { label: string; testId: string; color: 'error' | 'success' | 'primary'; variant: 'outlined' | 'contained' }> = {
  wait_reject: { label: 'manager.candidates.reject', testId: 'reject-button', color: 'error', variant: 'outlined' },
  shortlist: { label: 'manager.candidates.shortlist', testId: 'shortlist-button', color: 'success', variant: 'contained' },
  to_recruit: { label: 'manager.candidates.to_recruit', testId: 'to-recruit-button', color: 'primary', variant: 'contained' },
};

/** The state's label (never the raw value). */
export function StateChip({ state }: { state: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATE_COLORS[state] ?? 'default'} label={translate(`manager.candidates.state_name.${state}`)} data-testid="state-chip" data-state={state} />;
}

/**
 * The state chip and one button per move allowed from it. `only` keeps some moves (the manager's
 * panel offers reject and shortlist; to_recruit is in its list).
 */
export function StateMoves({
  state,
  busy,
  onMove,
  only,
  showState = true,
}: {
  state: string;
  busy: boolean;
  onMove: (to: RecruiterState) => void;
  only?: readonly RecruiterState[];
  showState?: boolean;
}) {
  const translate = useTranslate();
  const moves = nextMoves(state).filter((m) => !only || only.includes(m));
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }} data-testid="state-moves">
      {showState && <StateChip state={state} />}
      {moves.map((to) => {
        const b = BUTTONS[to];
        return (
          <Button key={to} size="small" color={b.color} variant={b.variant} disabled={busy} onClick={() => onMove(to)} data-testid={b.testId}>
            {translate(b.label)}
          </Button>
        );
      })}
    </Stack>
  );
}
