// The Candidats tab: four columns (CV reçus sans story, Rejetés, Candidatures, Shortlist), a tag
// search, and "Voir la story" / "Voir le CV" opening the candidate side panel. Each column shows
// its first cards and grows by a page at a time, so thousands of candidates stay fast.
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Autocomplete, Avatar, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { DASHBOARD_COLUMNS, type DashboardColumn } from '../../../models/rules/recruiter-states.js';
import { listDate } from '../../../models/rules/dates.js';
import { hasCv, matchTags, tagChoices, type Row } from './data.js';
import { DashboardPanel, type PanelRequest } from './DashboardPanel.js';

const PAGE = 30;

export function CandidateBoard({ rows }: { rows: Row[] }) {
  const translate = useTranslate();
  const [tags, setTags] = useState<string[]>([]);
  const [panel, setPanel] = useState<PanelRequest | null>(null);
  const choices = useMemo(() => tagChoices(rows), [rows]);
  const matched = useMemo(() => matchTags(rows, tags), [rows, tags]);
  const columns = useMemo(() => {
    const by: Record<DashboardColumn, Row[]> = { cv_only: [], rejected: [], todo: [], shortlist: [] };
    for (const r of matched) by[r.column].push(r);
    return by;
  }, [matched]);

  return (
    <Box>
      <Autocomplete
        multiple
        freeSolo
        options={choices}
        value={tags}
        onChange={(_e, v) => setTags(v.map((t) => t.trim()).filter(Boolean))}
        renderValue={(value, getItemProps) => value.map((option, index) => <Chip {...getItemProps({ index })} key={option} label={option} size="small" />)}
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
          <Column key={c} column={c} rows={columns[c]} onOpen={setPanel} />
        ))}
      </Box>
      {panel && <DashboardPanel request={panel} onClose={() => setPanel(null)} />}
    </Box>
  );
}

function Column({ column, rows, onOpen }: { column: DashboardColumn; rows: Row[]; onOpen: (p: PanelRequest) => void }) {
  const translate = useTranslate();
  const [shown, setShown] = useState(PAGE);
  const titleId = `column-${column}-title`;
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: 1, bgcolor: 'grey.100', minWidth: 0 }} data-testid={`column-${column}`}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" id={titleId} sx={{ fontWeight: 600 }}>
          {translate(`dashboard.col_${column}`)}
        </Typography>
        <Typography variant="body2" data-testid="column-count">
          {translate('dashboard.count', { smart_count: rows.length, count: rows.length })}
        </Typography>
      </Stack>
      {rows.length === 0 && <Typography variant="body2">{translate('dashboard.empty_column')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.slice(0, shown).map((r) => (
          <CandidateCard key={r.item.id} row={r} onOpen={onOpen} />
        ))}
      </Stack>
      {rows.length > shown && (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <Button variant="outlined" size="small" onClick={() => setShown((n) => n + PAGE)} data-testid="load-more">
            {translate('dashboard.load_more')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

function CandidateCard({ row, onOpen }: { row: Row; onOpen: (p: PanelRequest) => void }) {
  const translate = useTranslate();
  const { item } = row;
  const name = item.candidate?.name || item.candidate?.email || item.candidate?.sub;
  return (
    <Paper component="li" sx={{ p: 1 }} data-testid="candidate-card" data-application={item.id} data-candidate={item.candidate?.sub}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar src={item.candidate?.picture ?? undefined} alt="" sx={{ width: 40, height: 40 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="candidate-name">
            {name}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {item.offer?.title ?? item.job_code} · {item.job_code}
          </Typography>
          <Typography variant="caption" component="p">
            {row.date ? translate('dashboard.submitted', { date: listDate(row.date, false) }) : ''}
          </Typography>
        </Box>
      </Stack>
      {(item.offer?.tags ?? []).length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {(item.offer?.tags ?? []).map((t) => (
            <Chip key={t} label={t} size="small" variant="outlined" />
          ))}
        </Stack>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {row.hasStory ? (
          <Button size="small" variant="contained" onClick={() => onOpen({ item, view: 'story' })} data-testid="watch-story">
            {translate('dashboard.watch_story')}
          </Button>
        ) : (
          <Typography variant="caption">{translate('dashboard.story_unfinished')}</Typography>
        )}
        {hasCv(item) && (
          <Button size="small" variant="outlined" onClick={() => onOpen({ item, view: 'cv' })} data-testid="open-cv">
            {translate('dashboard.open_cv')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
