// One offer's candidates (/manager/offer/{job_code}, back-office.md sections 2 and 4): tabs
// rejected, wait_reject, todo (new + view), shortlist and to_recruit; rows in the spec's display
// order (the server's), each with picture, name, e-mail and phone, submit date, state badge, story
// and CV buttons and an action. The side panel (candidates/CandidatePanel.tsx) plays the story,
// shows the reviewers' feedback and the share link, and carries the reject / shortlist moves;
// from the list a shortlisted candidate goes to to_recruit; the recruit action only says the
// feature is under development. A candidate opened for the first time moves from new to view.
// Another company's offer (or an unknown one) shows 'not allowed to access this page'.
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Avatar, Badge, Box, Button, Chip, Stack, Tab, Tabs, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Title, usePermissions, useNotify, useTranslate } from 'react-admin';
import { TABS, WAIT_REJECT_DELAY_HOURS, type RecruiterState } from '../../../models/rules/recruiter-states.js';
import { listDate } from '../common/format.js';
import { avatarSources } from '../common/picture.js';
import { errorCode } from '../common/http.js';
import { CandidatePanel, KnockoutBadges, openCv } from '../candidates/CandidatePanel.js';
import type { PanelCandidate, PanelView } from '../candidates/panel.js';
import { StateChip, StateMoves } from '../candidates/StateMoves.js';
import { NotAllowed } from './NotAllowed.js';
import { moveCandidate, offerApplications, type ManagerApplication, type OfferApplications } from './api.js';

// Candidates still answering whose takes are used up, with "Give a new take" (decision 465).
const TakeBacks = lazy(() => import('../candidates/TakeBacks.js'));
// The offer's invitations (issue 27): their own chunk, fetched with the offer's page.
const OfferInvitations = lazy(() => import('../invitations/OfferInvitations.js').then((m) => ({ default: m.OfferInvitations })));

type TabName = keyof typeof TABS;
const TAB_ORDER: readonly TabName[] = ['rejected', 'wait_reject', 'todo', 'shortlist', 'to_recruit'];

const panelOf = (a: ManagerApplication): PanelCandidate => ({
  applicationId: a.id,
  candidateId: a.candidate.sub,
  jobCode: a.job_code,
  recruiterId: a.recruiter_id,
  name: a.candidate.name || a.name,
  email: a.candidate.email,
  phone: a.candidate.phone,
});

/** Which tab a state is shown in (recruited belongs to none). */
const tabOf = (state: string): TabName | undefined => TAB_ORDER.find((t) => (TABS[t] as readonly string[]).includes(state));

interface TabPages {
  items: ManagerApplication[];
  next: string | null;
}

function Candidates({ jobCode }: { jobCode: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  // The offer and every tab's size; each tab's rows loaded page by page when opened (decision 156).
  const [head, setHead] = useState<Pick<OfferApplications, 'offer' | 'tabs'> | null>(null);
  const [pages, setPages] = useState<Partial<Record<TabName, TabPages>>>({});
  const [loading, setLoading] = useState(false);
  const [denied, setDenied] = useState(false);
  const [failed, setFailed] = useState(false);
  const [tab, setTab] = useState<TabName>('todo');
  const [open, setOpen] = useState<{ id: number; view: PanelView } | null>(null);
  const [busy, setBusy] = useState(false);

  const loadPage = useCallback(
    async (name: TabName, after: string | null) => {
      setLoading(true);
      try {
        const res = await offerApplications(jobCode, name, after);
        setHead({ offer: res.offer, tabs: res.tabs });
        setDenied(!res.offer);
        setPages((p) => ({ ...p, [name]: { items: [...(after ? (p[name]?.items ?? []) : []), ...res.Items], next: res.next ?? null } }));
      } catch (e) {
        const status = (e as { status?: number }).status;
        if (status === 404 || status === 403) setDenied(true);
        else setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [jobCode],
  );
  useEffect(() => {
    if (!pages[tab]) void loadPage(tab, null);
  }, [tab, pages, loadPage]);

  const items = useMemo(() => Object.values(pages).flatMap((p) => p?.items ?? []), [pages]);
  const inTab = (name: TabName) => (pages[name]?.items ?? []).filter((a) => tabOf(a.recruiter_state) === name);
  const current = items.find((a) => a.id === open?.id) ?? null;
  const data = head;

  const move = async (a: ManagerApplication, to: RecruiterState, quiet = false) => {
    setBusy(true);
    try {
      await moveCandidate(a.job_code, a.candidate.sub, to);
      const from = tabOf(a.recruiter_state);
      const into = tabOf(to);
      setPages((p) => {
        const out: typeof p = {};
        for (const [name, page] of Object.entries(p) as Array<[TabName, TabPages]>) out[name] = { ...page, items: page.items.map((x) => (x.id === a.id ? { ...x, recruiter_state: to } : x)) };
        // The tab it moves into is read again when opened, in its order.
        if (into && into !== from) delete out[into];
        return out;
      });
      if (from !== into) setHead((h) => (h ? { ...h, tabs: { ...h.tabs, ...(from ? { [from]: (h.tabs[from] ?? 1) - 1 } : {}), ...(into ? { [into]: (h.tabs[into] ?? 0) + 1 } : {}) } } : h));
      if (!quiet) notify(`manager.candidates.moved.${to}`, { type: 'info', messageArgs: { name: a.candidate.name, hours: WAIT_REJECT_DELAY_HOURS } });
    } catch (e) {
      if (!quiet) notify(`manager.errors.${errorCode(e) ?? 'internal'}`, { type: 'error', messageArgs: { _: translate('manager.errors.internal') } });
    } finally {
      setBusy(false);
    }
  };

  const openPanel = (a: ManagerApplication, view: PanelView) => {
    setOpen({ id: a.id, view });
    // Opened for the first time: new -> view (section 4).
    if (a.recruiter_state === 'new') void move(a, 'view', true);
  };

  const cv = async (a: ManagerApplication) => {
    if (a.cv_url) window.open(a.cv_url, '_blank', 'noopener');
    else if (!(await openCv(a.id).catch(() => false))) notify('candidates.no_cv', { type: 'info' });
  };

  if (denied) return <NotAllowed message="manager.not_allowed_page" />;
  if (failed) return <Alert severity="error">{translate('candidates.load_error')}</Alert>;
  if (!data) return null;
  const offer = data.offer;
  const rows = inTab(tab);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={offer.title} />
      <Typography variant="h5" component="h1">
        {offer.title} <Chip size="small" label={offer.job_code} />{' '}
        {offer.is_boosted && (
          <Chip
            size="small"
            color="warning"
            data-testid="boosted-chip"
            label={offer.boost_ends_at ? translate('manager.offers.boosted_until', { date: listDate(offer.boost_ends_at, false) }) : translate('manager.offers.boosted_chip')}
          />
        )}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {[offer.shopname, offer.city, offer.recruiter?.name].filter(Boolean).join(' · ')}
      </Typography>
      <Suspense fallback={null}>
        <TakeBacks jobCode={offer.job_code} />
      </Suspense>
      <Tabs value={tab} onChange={(_e, v: TabName) => setTab(v)} variant="scrollable" scrollButtons="auto" aria-label={translate('manager.candidates.tabs')}>
        {TAB_ORDER.map((name) => (
          <Tab
            key={name}
            value={name}
            data-testid={`tab-${name}`}
            label={
              <Badge badgeContent={data.tabs?.[name] ?? 0} color="primary" showZero max={999} sx={{ pr: 1.5 }}>
                {translate(`manager.candidates.tab.${name}`)}
              </Badge>
            }
          />
        ))}
      </Tabs>
      {rows.length === 0 ? (
        <Typography sx={{ p: 2 }}>{pages[tab] ? translate('manager.candidates.empty') : '…'}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" data-testid="candidates-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate('manager.candidates.name')}</TableCell>
                <TableCell>{translate('manager.candidates.contact')}</TableCell>
                <TableCell>{translate('manager.candidates.submitted')}</TableCell>
                <TableCell>{translate('manager.candidates.state')}</TableCell>
                <TableCell>{translate('manager.candidates.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((a) => (
                <TableRow key={a.id} data-testid={`candidate-${a.candidate.sub}`}>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Avatar {...avatarSources(a.picture ?? a.candidate.picture)} alt="" sx={{ width: 40, height: 40 }} />
                      <span>{a.candidate.name || a.name}</span>
                    </Stack>
                    <KnockoutBadges knockouts={a.knockouts} />
                  </TableCell>
                  <TableCell>
                    {a.candidate.email || translate('manager.candidates.no_email')}
                    <br />
                    {a.candidate.phone || translate('manager.candidates.no_phone')}
                  </TableCell>
                  <TableCell>{listDate(a.submit_date?.submit)}</TableCell>
                  <TableCell>
                    <StateChip state={a.recruiter_state} />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                      <Button size="small" variant="outlined" onClick={() => openPanel(a, 'story')} data-testid="story-button">
                        {translate('candidates.watch_story')}
                      </Button>
                      {a.cv_url && (
                        <Button size="small" variant="outlined" onClick={() => cv(a)} data-testid="cv-button">
                          {translate('candidates.open_cv')}
                        </Button>
                      )}
                      <Button size="small" onClick={() => openPanel(a, 'feedback')} data-testid="feedback-button">
                        {translate('candidates.feedback')}
                      </Button>
                      {a.recruiter_state === 'shortlist' && (
                        <Button size="small" variant="contained" disabled={busy} onClick={() => move(a, 'to_recruit')} data-testid="to-recruit-button">
                          {translate('manager.candidates.to_recruit')}
                        </Button>
                      )}
                      {a.recruiter_state === 'to_recruit' && (
                        <Button size="small" variant="contained" onClick={() => notify('manager.candidates.recruit_under_development', { type: 'warning' })} data-testid="recruit-button">
                          {translate('manager.candidates.recruit')}
                        </Button>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {pages[tab]?.next && (
            <Button sx={{ mt: 1 }} variant="outlined" disabled={loading} onClick={() => void loadPage(tab, pages[tab]!.next)} data-testid="candidates-more">
              {translate('manager.more')}
            </Button>
          )}
        </TableContainer>
      )}
      <Suspense fallback={null}>
        <OfferInvitations jobCode={offer.job_code} title={offer.title} />
      </Suspense>
      <CandidatePanel
        candidate={current ? panelOf(current) : null}
        view={open?.view}
        onClose={() => setOpen(null)}
        actions={current && <StateMoves state={current.recruiter_state} busy={busy} onMove={(to) => move(current, to)} only={['wait_reject', 'shortlist']} />}
      />
    </Box>
  );
}

export function OfferCandidates() {
  const { jobCode = '' } = useParams();
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  if (permissions !== 'manager') return <NotAllowed />;
  return <Candidates key={jobCode} jobCode={jobCode} />;
}
