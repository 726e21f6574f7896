// The manager's offers (/manager/offers, back-office.md section 2): search, every column sortable
// (default to-do, descending; a second click on a column flips it), the shop name edited in place
// (saved on blur or Enter), the recruiter's last connection as elapsed time, and a row menu to
// turn the offer active or inactive and to boost it (confirmation naming the offer; the server's
// error codes shown as the spec's messages). Rows come from the console resource of the manager's
// offers (scoped to the manager's company by the server); the writes are section 7's calls.
import { useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Link, Menu, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Datagrid, FunctionField, InfiniteList, TextField, Title, useNotify, useRefresh, useTranslate } from 'react-admin';
import { elapsedSince } from '../../../models/rules/dates.js';
import { listDate } from '../common/format.js';
import { LoadMore } from '../common/LoadMore.js';
import { LIST_SX } from './Layout.js';
import { DebouncedSearch } from '../common/SearchInput.js';
import { errorCode } from '../common/http.js';
import { boostOffer, renameOfferShop, setOfferActive } from './api.js';
import { MANAGER_OFFERS, offerRow, type OfferRow } from './offers.js';
import { NewOfferButton } from './NewOffer.js';

/** The recruiter's last connection as elapsed time: "3 d", "5 h"... or 'unknown date'. */
export function Elapsed({ value }: { value: unknown }) {
  const translate = useTranslate();
  const e = elapsedSince(value);
  return <span>{e ? translate(`manager.elapsed.${e.unit}`, { n: e.value }) : translate('manager.elapsed.unknown')}</span>;
}

/** The shop name, edited in place: saved on blur or Enter, Escape puts the old name back. */
function ShopNameInput({ row }: { row: OfferRow }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [value, setValue] = useState(row.shopname ?? '');
  const [saved, setSaved] = useState(row.shopname ?? '');
  const save = async () => {
    const next = value.trim();
    if (next === saved) return;
    if (!next) {
      setValue(saved);
      notify('manager.errors.shopname_required', { type: 'warning' });
      return;
    }
    try {
      await renameOfferShop(row.job_code, row.recruiter_id, next);
      setSaved(next);
      setValue(next);
      notify('manager.offers.shop_saved', { type: 'info' });
      refresh();
    } catch (e) {
      setValue(saved);
      notify(`manager.errors.${errorCode(e) ?? 'internal'}`, { type: 'error', messageArgs: { _: translate('manager.errors.internal') } });
    }
  };
  return (
    <MuiTextField
      size="small"
      variant="standard"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
        if (e.key === 'Escape') setValue(saved);
      }}
      onClick={(e) => e.stopPropagation()}
      slotProps={{ htmlInput: { 'aria-label': translate('manager.offers.shop_of', { title: row.title }), 'data-testid': `shopname-${row.job_code}`, maxLength: 160 } }}
      sx={{ minWidth: 120 }}
    />
  );
}

function RowMenu({ row }: { row: OfferRow }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const active = row.state === 'available';
  const failed = (e: unknown) => notify(`manager.errors.${errorCode(e) ?? 'internal'}`, { type: 'error', messageArgs: { _: translate('manager.errors.internal') } });
  const toggle = async () => {
    setAnchor(null);
    try {
      await setOfferActive(row.job_code, row.recruiter_id, !active);
      notify(active ? 'manager.offers.deactivated' : 'manager.offers.activated', { type: 'info' });
      refresh();
    } catch (e) {
      failed(e);
    }
  };
  const boost = async () => {
    setBusy(true);
    try {
      const res = await boostOffer(row.job_code);
      if (res?.error) throw { body: res };
      notify('manager.offers.boosted', { type: 'info', messageArgs: { title: row.title } });
      refresh();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };
  return (
    <>
      <IconButton aria-label={translate('manager.offers.menu', { title: row.title })} onClick={(e) => setAnchor(e.currentTarget)} data-testid={`menu-${row.job_code}`}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={toggle}>{translate(active ? 'manager.offers.deactivate' : 'manager.offers.activate')}</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirm(true);
          }}
        >
          {translate('manager.offers.boost')}
        </MenuItem>
      </Menu>
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>{translate('manager.offers.boost')}</DialogTitle>
        <DialogContent>{translate('manager.offers.boost_confirm', { title: row.title })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{translate('console.cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={boost}>
            {translate('console.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function StateChip({ row }: { row: OfferRow }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" color={row.state === 'available' ? 'success' : 'default'} label={translate(row.state === 'available' ? 'manager.offers.active' : 'manager.offers.inactive')} />
      {row.is_boosted && (
        <Chip
          size="small"
          color="warning"
          data-testid="boosted-chip"
          label={row.boost_ends_at ? translate('manager.offers.boosted_until', { date: listDate(row.boost_ends_at, false) }) : translate('manager.offers.boosted_chip')}
        />
      )}
    </Box>
  );
}

const render = (fn: (row: OfferRow) => React.ReactNode) => (r: Record<string, unknown>) => fn(offerRow(r));

export function ManagerOfferList() {
  const translate = useTranslate();
  return (
    <>
      <Title title="manager.menu.offers" />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Typography variant="h5" component="h1">
          {translate('manager.menu.offers')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <NewOfferButton />
          <Button variant="contained" href="#/offer-create">
            {translate('manager.create.title')}
          </Button>
        </Box>
      </Box>
      <InfiniteList
        resource={MANAGER_OFFERS}
        filters={[<DebouncedSearch key="q" source="q" alwaysOn />]}
        sort={{ field: 'todo', order: 'DESC' }}
        perPage={25}
        pagination={<LoadMore />}
        disableSyncWithLocation={false}
        title=" "
        actions={false}
        sx={LIST_SX}
      >
        <Datagrid rowClick={false} bulkActionButtons={false} data-testid="offers-table">
          <FunctionField
            source="title"
            label="manager.offers.title"
            sortBy="title"
            render={render((r) => (
              <Link href={`#/offer/${encodeURIComponent(r.job_code)}`}>{r.title}</Link>
            ))}
          />
          <TextField source="job_code" label="manager.offers.job_code" sortBy="job_code" />
          <FunctionField
            source="shopname"
            label="manager.offers.shop"
            sortBy="shopname"
            render={render((r) => (
              <ShopNameInput key={`${r.job_code}-${r.shopname}`} row={r} />
            ))}
          />
          <FunctionField
            source="recruiter_name"
            label="manager.offers.recruiter"
            sortBy="recruiter_name"
            render={render((r) => (
              <span>
                {r.recruiter_name}
                <br />
                <Typography variant="caption">
                  <Elapsed value={r.recruiter_last_co} />
                </Typography>
              </span>
            ))}
          />
          <FunctionField source="created_at" label="manager.offers.created" sortBy="created_at" render={render((r) => listDate(r.offer_created, false))} />
          <FunctionField source="todo" label="manager.offers.todo" sortBy="todo" render={render((r) => r.todo)} />
          <FunctionField source="shortlist" label="manager.offers.shortlist" sortBy="shortlist" render={render((r) => r.shortlist)} />
          <FunctionField source="to_recruit" label="manager.offers.to_recruit" sortBy="to_recruit" render={render((r) => r.to_recruit)} />
          <FunctionField
            source="state"
            label="manager.offers.status"
            sortBy="state"
            render={render((r) => (
              <StateChip row={r} />
            ))}
          />
          <FunctionField
            label=""
            sortable={false}
            render={render((r) => (
              <RowMenu row={r} />
            ))}
          />
        </Datagrid>
      </InfiniteList>
    </>
  );
}
