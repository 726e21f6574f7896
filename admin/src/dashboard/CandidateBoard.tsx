// The Candidats tab: four columns (CV reçus sans story, Rejetés, Candidatures, Shortlist), a tag
// search, and "Voir la story" / "Voir le CV" opening the candidate side panel. Each column shows
// its first cards and grows by a page at a time, so thousands of candidates stay fast. A finished
// story's card carries its state and the moves allowed from it (issue 24), as the panel does.
import { useEffect, useMemo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Autocomplete, Avatar, Box, Button, Chip, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { DASHBOARD_COLUMNS, type DashboardColumn, type RecruiterState } from '../../../models/rules/recruiter-states.js';
import { listDate, type DashboardRange } from '../../../models/rules/dates.js';
import { fetchDashboard, hasStory, tagOptions, tagValue, Unauthorized, type DashboardItem } from './data.js';
import { StateMoves } from '../candidates/StateMoves.js';
import { avatarSources } from '../common/picture.js';
import { DashboardPanel, type PanelRequest } from './DashboardPanel.js';

const PAGE = 30;

type Move = (item: DashboardItem, to: RecruiterState) => void;

/** The job categories in the page's language, and their names by stored value (a tag is never shown as stored: issue 24). */
function useTagNames() {
  const [locale] = useLocaleState();
  const options = useMemo(() => tagOptions(locale), [locale]);
  const names = useMemo(() => new Map(options.map((o) => [o.value, o.name])), [options]);
  return { options, names };
}

export function CandidateBoard({
  range,
  tags,
  onTags,
  version,
  panel,
  onOpen,
  onClose,
  onMove,
  busy,
  onUnauthorized,
}: {
  range: DashboardRange;
  tags: string[];
  onTags: (tags: string[]) => void;
  /** Read the columns again when it changes (after a move). */
  version: number;
  panel: PanelRequest | null;
  onOpen: (p: PanelRequest) => void;
  onClose: () => void;
  onMove: Move;
  busy: boolean;
  onUnauthorized: () => void;
}) {
  const translate = useTranslate();
  const { options, names } = useTagNames();

  return (
    <Box>
      <Autocomplete
        multiple
        freeSolo
        options={options.map((o) => o.value)}
        getOptionLabel={(v) => names.get(v) ?? v}
        value={tags}
        onChange={(_e, v) => onTags([...new Set(v.map(tagValue).filter(Boolean))].slice(0, 5))}
        renderValue={(value, getItemProps) => value.map((option, index) => <Chip {...getItemProps({ index })} key={option} label={names.get(option) ?? option} size="small" />)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate('dashboard.tag_search')}
            helperText={translate('dashboard.tag_search_help')}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'tag-search' } }}
          />
        )}
        sx={{ mb: 2, maxWidth: 640 }}
      />
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
        {DASHBOARD_COLUMNS.map((c) => (
          <Column key={c} column={c} range={range} tags={tags} version={version} onOpen={onOpen} onMove={onMove} busy={busy} onUnauthorized={onUnauthorized} />
        ))}
      </Box>
      {panel && <DashboardPanel request={panel} onClose={onClose} onMove={onMove} busy={busy} />}
    </Box>
  );
}

interface ColumnState {
  items: DashboardItem[];
  total: number | null;
  next: string | null;
  loading: boolean;
  failed: boolean;
}

/** One column's candidates, a page at a time (keyset: the server's next cursor). */
function useColumn(column: DashboardColumn, range: DashboardRange, tags: readonly string[], version: number, onUnauthorized: () => void) {
  const [state, setState] = useState<ColumnState>({ items: [], total: null, next: null, loading: true, failed: false });
  const key = JSON.stringify([column, range, tags, version]);
  // The cursor of the page asked for; a new filter (key) starts again from the first page.
  const [cursor, setCursor] = useState<{ key: string; after: string | null }>({ key, after: null });
  const after = cursor.key === key ? cursor.after : null;
  useEffect(() => {
    const abort = new AbortController();
    const [col, rng, tg] = JSON.parse(key) as [DashboardColumn, DashboardRange, string[]];
    setState((s) => (after ? { ...s, loading: true, failed: false } : { items: [], total: null, next: null, loading: true, failed: false }));
    fetchDashboard({ range: rng, column: col, tags: tg, limit: PAGE, after }, abort.signal).then(
      (answer) =>
        setState((s) => ({
          items: after ? [...s.items, ...answer.Items.filter((i) => !s.items.some((x) => x.id === i.id))] : answer.Items,
          total: answer.Columns[col],
          next: answer.next,
          loading: false,
          failed: false,
        })),
      (e: unknown) => {
        if (abort.signal.aborted) return;
        if (e instanceof Unauthorized) return onUnauthorized();
        setState((s) => ({ ...s, loading: false, failed: true }));
      },
    );
    return () => abort.abort();
  }, [key, after, onUnauthorized]);
  return { ...state, more: () => state.next && setCursor({ key, after: state.next }) };
}

function Column({
  column,
  range,
  tags,
  version,
  onOpen,
  onMove,
  busy,
  onUnauthorized,
}: {
  column: DashboardColumn;
  range: DashboardRange;
  tags: readonly string[];
  version: number;
  onOpen: (p: PanelRequest) => void;
  onMove: Move;
  busy: boolean;
  onUnauthorized: () => void;
}) {
  const translate = useTranslate();
  const { items, total, next, loading, failed, more } = useColumn(column, range, tags, version, onUnauthorized);
  const titleId = `column-${column}-title`;
  return (
    <Paper component="section" aria-labelledby={titleId} aria-busy={loading} sx={{ p: 1, bgcolor: 'grey.100', minWidth: 0 }} data-testid={`column-${column}`} data-loading={loading ? 'true' : 'false'}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" id={titleId} sx={{ fontWeight: 600 }}>
          {translate(`dashboard.col_${column}`)}
        </Typography>
        {total !== null && (
          <Typography variant="body2" data-testid="column-count">
            {translate('dashboard.count', { smart_count: total, count: total })}
          </Typography>
        )}
      </Stack>
      {!loading && !failed && items.length === 0 && <Typography variant="body2">{translate('dashboard.empty_column')}</Typography>}
      {failed && <Typography variant="body2">{translate('dashboard.load_error')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((item) => (
          <CandidateCard key={item.id} item={item} onOpen={onOpen} onMove={onMove} busy={busy} />
        ))}
      </Stack>
      {loading && (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
        </Box>
      )}
      {!loading && next && (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <Button variant="outlined" size="small" onClick={more} data-testid="load-more">
            {translate('dashboard.load_more')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

function CandidateCard({ item, onOpen, onMove, busy }: { item: DashboardItem; onOpen: (p: PanelRequest) => void; onMove: Move; busy: boolean }) {
  const translate = useTranslate();
  const { names } = useTagNames();
  const date = item.submit_date ?? item.start_date;
  const name = item.candidate?.name || item.candidate?.email || item.candidate?.sub;
  return (
    <Paper component="li" sx={{ p: 1 }} data-testid="candidate-card" data-application={item.id} data-candidate={item.candidate?.sub}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar {...avatarSources(item.candidate?.picture)} alt="" sx={{ width: 40, height: 40 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="candidate-name">
            {name}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {item.offer?.title ?? item.job_code} · {item.job_code}
          </Typography>
          <Typography variant="caption" component="p">
            {date ? translate('dashboard.submitted', { date: listDate(date, false) }) : ''}
          </Typography>
        </Box>
      </Stack>
      {(item.offer?.tags ?? []).length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {(item.offer?.tags ?? []).map((t) => (
            <Chip key={t} label={names.get(t) ?? t} size="small" variant="outlined" />
          ))}
        </Stack>
      )}
      {item.state === 'complete' && (
        <Box sx={{ mt: 1 }}>
          <StateMoves state={item.recruiter_state} busy={busy} onMove={(to) => onMove(item, to)} />
        </Box>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {hasStory(item) ? (
          <Button size="small" variant="contained" onClick={() => onOpen({ item, view: 'story' })} data-testid="watch-story">
            {translate('dashboard.watch_story')}
          </Button>
        ) : (
          <Typography variant="caption">{translate('dashboard.story_unfinished')}</Typography>
        )}
        {item.cv_url && (
          <Button size="small" variant="outlined" onClick={() => onOpen({ item, view: 'cv' })} data-testid="open-cv">
            {translate('dashboard.open_cv')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
