// The page of a hand-written list of cards with "Load more" (the staff users list, where staff land),
// drawn as react-admin's InfiniteList draws a list without actions (the page title, one card
// holding the list, "Load more" under it, the offline notice), without what InfiniteList brings for
// screens these lists do not have: its filter form (react-hook-form), export button, empty page and
// page-number pagination (decision 398).
// Its controller is react-admin's infinite list controller (useInfiniteListController, which
// InfiniteListBase runs) without the CSV exporter (jsonexport) and the row selection, which these
// lists do not offer: the same steps, on react-admin's own hooks (the access check, filters, sort
// and page in the URL through useListParams, the pages through useInfiniteGetList, the page reset,
// the title), in the same list and pagination contexts. The first screen of the staff console loads
// without them (issue 26, decision 398).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Box, Card, Typography } from '@mui/material';
import {
  InfinitePaginationContext,
  ListContextProvider,
  Loading,
  ResourceContextProvider,
  useAuthenticated,
  useInfiniteGetList,
  useIsAuthPending,
  useListContext,
  useListParams,
  useNotify,
  useRequireAccess,
  useTranslate,
  type ListControllerResult,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { LoadMore } from './LoadMore.js';
import { useResourceLabel } from './resource-label.js';

/**
 * react-admin's offline notice (its Offline: a warning naming the resource, `RaOffline-root`), its
 * name from useResourceLabel instead of react-admin's useGetResourceLabel and its English
 * inflection. Drawn in the first download, as it is shown when the network is gone.
 */
function Offline({ resource }: { resource: string }) {
  const translate = useTranslate();
  const getResourceLabel = useResourceLabel();
  const name = getResourceLabel(resource, 0);
  const message = translate(`resources.${resource}.notification.offline`, { name, _: translate('ra.notification.offline', { name, _: 'No connectivity. Could not fetch data.' }) });
  return (
    <Alert className="RaOffline-root" severity="warning">
      <Typography variant="body2">{message}</Typography>
    </Alert>
  );
}

/**
 * The page title in the app bar, as react-admin's Title draws a list's (the same spans in the app
 * bar's #react-admin-title), without its preferences wrapper (Configurable): a title changed in
 * react-admin's preferences inspector, which these consoles do not have (ConsoleLayout.tsx).
 */
function ListTitle({ title }: { title: string }) {
  const [container, setContainer] = useState(() => document.getElementById('react-admin-title'));
  // On first mount the app bar may not be drawn yet.
  useEffect(() => setContainer((c) => (c && document.body.contains(c) ? c : document.getElementById('react-admin-title'))), []);
  if (!container) return null;
  return createPortal(
    <span>
      <span>{title}</span>
    </span>,
    container,
  );
}

function Page({ children }: { children: ReactNode }) {
  const { defaultTitle, isPaused, isPending, isPlaceholderData, resource } = useListContext();
  return (
    <Box className="list-page" sx={{ display: 'flex' }}>
      <ListTitle title={defaultTitle ?? ''} />
      <Box className="RaList-main RaList-noActions" sx={{ flex: '1 1 auto', display: 'flex', flexDirection: 'column', mt: '1em' }}>
        <Card className="RaList-content" sx={(theme) => ({ position: 'relative', overflow: 'inherit', [theme.breakpoints.down('sm')]: { boxShadow: 'none' } })}>
          {isPaused && (isPending || isPlaceholderData) ? <Offline resource={resource} /> : children}
        </Card>
        <LoadMore />
      </Box>
    </Box>
  );
}

interface CardsListProps {
  resource: string;
  filterDefaultValues?: Record<string, unknown>;
  sort?: SortPayload;
  /** Milliseconds before a typed filter is applied (react-admin's default: 500). */
  debounce?: number;
  perPage?: number;
  children: ReactNode;
}

/** useInfiniteListController's steps, less the exporter and the selection (see the file's head). */
function useCardsListController({ resource, filterDefaultValues, sort, debounce = 500, perPage = 10 }: Omit<CardsListProps, 'children'>) {
  const { isPending: isPendingAuthenticated } = useAuthenticated();
  const { isPending: isPendingCanAccess } = useRequireAccess({ action: 'list', resource, enabled: !isPendingAuthenticated });
  const translate = useTranslate();
  const notify = useNotify();
  const getResourceLabel = useResourceLabel();
  const [query, queryModifiers] = useListParams({ debounce, filterDefaultValues, perPage, resource, sort });

  const {
    data,
    total,
    error,
    isLoading,
    isPaused,
    isPending,
    isPlaceholderData,
    isFetching,
    hasNextPage,
    hasPreviousPage,
    fetchNextPage,
    isFetchingNextPage,
    fetchPreviousPage,
    isFetchingPreviousPage,
    refetch,
    meta,
  } = useInfiniteGetList<RaRecord>(
    resource,
    { pagination: { page: query.page, perPage: query.perPage }, sort: { field: query.sort, order: query.order }, filter: query.filter },
    {
      enabled: !isPendingAuthenticated && !isPendingCanAccess,
      placeholderData: (previousData) => previousData,
      retry: false,
      onError: (e) => notify(e?.message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: e?.message } }),
    },
  );

  // As react-admin's controller: a page that does not exist (the URL's, or past the last one
  // after a change) goes back to one that does.
  useEffect(() => {
    if (isPending) return;
    if (query.page <= 0 || (!isFetching && query.page > 1 && (data == null || data.pages.length === 0))) {
      queryModifiers.setPage(1);
      return;
    }
    if (total == null) return;
    const totalPages = Math.ceil(total / query.perPage) || 1;
    if (!isFetching && query.page > totalPages) queryModifiers.setPage(totalPages);
  }, [isPending, isFetching, query.page, query.perPage, data, queryModifiers, total]);

  const currentSort = useMemo(() => ({ field: query.sort, order: query.order }), [query.sort, query.order]);
  const records = useMemo(() => data?.pages.flatMap((p) => p.data), [data]);
  const defaultTitle = translate(`resources.${resource}.page.list`, { _: translate('ra.page.list', { name: getResourceLabel(resource, 2) }) });

  const list = {
    sort: currentSort,
    data: records,
    defaultTitle,
    displayedFilters: query.displayedFilters,
    error,
    filterValues: query.filterValues,
    hideFilter: queryModifiers.hideFilter,
    isFetching,
    isLoading,
    isPaused,
    isPending,
    isPlaceholderData,
    page: query.page,
    perPage: query.perPage,
    refetch,
    resource,
    // No row selection on these lists (no checkbox, no bulk action): nothing is ever selected.
    selectedIds: [],
    setFilters: queryModifiers.setFilters,
    setPage: queryModifiers.setPage,
    setPerPage: queryModifiers.setPerPage,
    setSort: queryModifiers.setSort,
    showFilter: queryModifiers.showFilter,
    total,
    hasNextPage,
    hasPreviousPage,
    meta,
  };
  const pagination = { hasNextPage, fetchNextPage, isFetchingNextPage, hasPreviousPage, fetchPreviousPage, isFetchingPreviousPage };
  // The context's type names the exporter and the selection's handlers, which these lists leave out.
  return { list: list as unknown as ListControllerResult, pagination };
}

export function CardsList({ children, ...props }: CardsListProps) {
  const { list, pagination } = useCardsListController(props);
  const isAuthPending = useIsAuthPending({ resource: props.resource, action: 'list' });
  return (
    <ResourceContextProvider value={props.resource}>
      <ListContextProvider value={list}>
        <InfinitePaginationContext.Provider value={pagination}>
          {/* As InfiniteList: react-admin's loader while the access check runs; offline shown in the card. */}
          {isAuthPending ? <Loading /> : <Page>{children}</Page>}
        </InfinitePaginationContext.Provider>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}
