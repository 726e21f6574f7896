// The Dashboard tab: the four tiles (section 4 groupings), the offers with their application
// counts and, for a manager, the recruiters with their shortlist counts. An offer's row opens its
// candidates on the Candidats tab (issue 24).
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { DashboardAnswer } from './data.js';

const TILES = [
  ['total', 'dashboard.tile_total'],
  ['rejected', 'dashboard.tile_rejected'],
  ['shortlist', 'dashboard.tile_shortlist'],
  ['untreated', 'dashboard.tile_untreated'],
] as const;

const PAGE = 50;

export function Overview({ answer, showRecruiters, onOffer }: { answer: DashboardAnswer; showRecruiters: boolean; onOffer: (jobCode: string) => void }) {
  const translate = useTranslate();
  const counts = answer.Tiles;
  const offers = answer.Offers ?? [];
  const team = [...answer.recruiters].map((r) => ({ sub: r.sub, name: r.name || r.email || r.sub, count: r.shortlist ?? 0 })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return (
    <Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
        {TILES.map(([key, label]) => (
          <Paper component="li" key={key} sx={{ p: 2 }} data-testid={`tile-${key}`}>
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              {translate(label)}
            </Typography>
            <Typography variant="h4" component="span" sx={{ display: 'block' }} data-testid="tile-value">
              {counts[key]}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: showRecruiters ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)' } }}>
        <CountTable
          testId="offers"
          title={translate('dashboard.offers')}
          head={[translate('dashboard.offer'), translate('dashboard.applications')]}
          rows={offers.map((o) => ({ key: o.job_code, label: `${o.title} (${o.job_code})`, count: o.count }))}
          empty={translate('dashboard.no_offers')}
          onRow={onOffer}
          rowHint={translate('dashboard.offer_candidates')}
        />
        {showRecruiters && (
          <CountTable
            testId="recruiters"
            title={translate('dashboard.recruiters')}
            head={[translate('dashboard.recruiter'), translate('dashboard.shortlist_count')]}
            rows={team.map((r) => ({ key: r.sub, label: r.name, count: r.count }))}
            empty={translate('dashboard.no_offers')}
          />
        )}
      </Box>
    </Box>
  );
}

function CountTable({
  testId,
  title,
  head,
  rows,
  empty,
  onRow,
  rowHint,
}: {
  testId: string;
  title: string;
  head: [string, string];
  rows: Array<{ key: string; label: string; count: number }>;
  empty: string;
  /** Rows open something: the whole row is clickable, its label a button for the keyboard. */
  onRow?: (key: string) => void;
  rowHint?: string;
}) {
  const translate = useTranslate();
  const [shown, setShown] = useState(PAGE);
  return (
    <Paper sx={{ p: 1, minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ m: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography sx={{ m: 1 }}>{empty}</Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{head[0]}</TableCell>
                <TableCell align="right">{head[1]}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(0, shown).map((r) => (
                <TableRow
                  key={r.key}
                  data-testid={`${testId}-row`}
                  data-key={r.key}
                  hover={!!onRow}
                  onClick={onRow ? () => onRow(r.key) : undefined}
                  sx={onRow ? { cursor: 'pointer' } : undefined}
                  title={rowHint}
                >
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    {onRow ? (
                      <Link
                        component="button"
                        type="button"
                        onClick={(e: React.MouseEvent) => {
                          e.stopPropagation();
                          onRow(r.key);
                        }}
                        sx={{ textAlign: 'left' }}
                        data-testid="row-link"
                      >
                        {r.label}
                      </Link>
                    ) : (
                      r.label
                    )}
                  </TableCell>
                  <TableCell align="right" data-testid="count">
                    {r.count}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {rows.length > shown && (
        <Box sx={{ textAlign: 'center', my: 1 }}>
          <Button variant="outlined" onClick={() => setShown((n) => n + PAGE)}>
            {translate('dashboard.load_more')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
