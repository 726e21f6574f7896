// One user in the admin list (back-office.md section 2): picture, name linked to the detail page,
// email, state dot, times, counters per profile, notification times, contact history with the
// add-action panel, and the "Classer" button.
import { useState } from 'react';
import { Avatar, Box, Card, CardContent, Checkbox, FormControlLabel, Link, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { CONTACT_ACTIONS } from '../../../models/rules/accounts.js';
import { ConfirmButton } from '../common/ConfirmButton.js';
import { useAction } from '../common/useAction.js';
import { STATE_COLORS, listDate } from '../common/format.js';
import { avatarSources } from '../common/picture.js';

export interface UserRecord {
  id: string;
  name: string;
  email: string;
  phone?: string | null;
  picture?: string | null;
  profile: string;
  created_at: string;
  last_co?: string | null;
  state_color: 'green' | 'yellow' | 'grey';
  contact_history: { date: number; action: string }[];
  /** Pending wishlist entries (candidates that have some). */
  wishlist?: { id: number; job_code: string; title: string; state: string; added_at: string }[];
  notif?: Record<string, string> | null;
  [k: string]: unknown;
}

const COUNTERS: Record<string, string[]> = {
  candidate: ['wishlist_count', 'applications_count', 'contacts_count'],
  recruiter: ['offers_count', 'actives_offers_count', 'candidates_count', 'av_boost'],
  manager: ['offers_count', 'actives_offers_count', 'candidates_count', 'av_boost'],
};

export function StateDot({ color }: { color: string }) {
  return <Box component="span" data-testid="state-dot" data-color={color} sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: STATE_COLORS[color] ?? color, mr: 1 }} />;
}

export function UserCard({ user }: { user: UserRecord }) {
  const translate = useTranslate();
  const run = useAction();
  const notify = useNotify();
  const [ticked, setTicked] = useState<string[]>([]);
  return (
    <Card variant="outlined" sx={{ mb: 1, borderLeft: `6px solid ${STATE_COLORS[user.state_color]}` }} data-testid="user-card">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Avatar {...avatarSources(user.picture)} alt={user.name} />
          <Box sx={{ flex: 1 }}>
            <Typography variant="subtitle1">
              <StateDot color={user.state_color} />
              <Link href={`#/user/${user.id}`}>{user.name || user.email}</Link>
            </Typography>
            <Typography variant="body2">
              {user.email} {user.phone ? `· ${user.phone}` : ''}
            </Typography>
            <Typography variant="caption" sx={{ display: 'block' }}>
              {translate('console.created')} {listDate(user.created_at)} · {translate('console.last_connection')} {listDate(user.last_co)}
            </Typography>
            <Typography variant="body2">{(COUNTERS[user.profile] ?? []).map((c) => `${translate(`resources.users.fields.${c}`)}: ${String(user[c] ?? 0)}`).join(' · ')}</Typography>
            {user.wishlist && user.wishlist.length > 0 && (
              <Typography variant="caption" sx={{ display: 'block' }} data-testid="card-wishlist">
                {translate('console.wishlist_pending')}: {user.wishlist.map((w) => `${w.job_code} ${w.title} (${listDate(w.added_at, false)})`).join(' · ')}
              </Typography>
            )}
            {user.notif && Object.keys(user.notif).length > 0 && (
              <Typography variant="caption" sx={{ display: 'block' }}>
                {translate('console.notifications')}:{' '}
                {Object.entries(user.notif)
                  .map(([k, v]) => `${k} ${listDate(v)}`)
                  .join(' · ')}
              </Typography>
            )}
          </Box>
          <Box sx={{ minWidth: 260 }}>
            <Typography variant="caption">{translate('console.contact_history')}</Typography>
            {user.contact_history.map((h, i) => (
              <Typography key={i} variant="caption" sx={{ display: 'block' }}>
                {listDate(h.date)} — {translate(`console.contact_actions.${h.action}`)}
              </Typography>
            ))}
            <Box>
              {CONTACT_ACTIONS.map((a) => (
                <FormControlLabel
                  key={a}
                  control={<Checkbox size="small" checked={ticked.includes(a)} onChange={(e) => setTicked(e.target.checked ? [...ticked, a] : ticked.filter((x) => x !== a))} />}
                  label={<Typography variant="caption">{translate(`console.contact_actions.${a}`)}</Typography>}
                />
              ))}
            </Box>
            <Stack direction="row" spacing={1}>
              <ConfirmButton
                label={translate('console.save_action')}
                question={ticked.length ? translate('console.contact_confirm', { actions: ticked.map((a) => translate(`console.contact_actions.${a}`)).join(', ') }) : translate('console.no_action')}
                onConfirm={async () => {
                  if (!ticked.length) {
                    notify('console.no_action', { type: 'warning' });
                    return;
                  }
                  if (await run('users', user.id, 'contact', { actions: ticked })) setTicked([]);
                }}
              />
              <ConfirmButton label={translate('console.close_user')} question={translate('console.close_confirm')} color="warning" onConfirm={() => run('users', user.id, 'close')} />
            </Stack>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
