// The page of a hand-written list of cards with "Load more" (the staff users list, where staff land):
// react-admin's infinite list controller (InfiniteListBase: filters, sort and page in the URL, the
// list and pagination contexts) drawn as react-admin's InfiniteList draws a list without actions
// (the page title, one card holding the list, "Load more" under it, the offline notice), without
// what InfiniteList brings for screens these lists do not have: its filter form (react-hook-form),
// export button, empty page and page-number pagination. The first screen of the staff console
// loads without them (issue 26, decision 398).
import type { ReactNode } from 'react';
import { Box, Card } from '@mui/material';
import { InfiniteListBase, Loading, Offline, Title, useListContext, type InfiniteListBaseProps } from 'react-admin';
import { LoadMore } from './LoadMore.js';

function Page({ children }: { children: ReactNode }) {
  const { defaultTitle, resource, isPaused, isPending, isPlaceholderData } = useListContext();
  return (
    <Box className="list-page" sx={{ display: 'flex' }}>
      <Title defaultTitle={defaultTitle} preferenceKey={`${resource}.list.title`} />
      <Box className="RaList-main RaList-noActions" sx={{ flex: '1 1 auto', display: 'flex', flexDirection: 'column', mt: '1em' }}>
        <Card className="RaList-content" sx={(theme) => ({ position: 'relative', overflow: 'inherit', [theme.breakpoints.down('sm')]: { boxShadow: 'none' } })}>
          {isPaused && (isPending || isPlaceholderData) ? <Offline /> : children}
        </Card>
        <LoadMore />
      </Box>
    </Box>
  );
}

type CardsListProps = Pick<InfiniteListBaseProps, 'resource' | 'filterDefaultValues' | 'sort' | 'debounce' | 'perPage'> & { children: ReactNode };

export function CardsList({ children, ...props }: CardsListProps) {
  return (
    // As InfiniteList: react-admin's loader while the access check runs; offline shown in the card.
    <InfiniteListBase filter={NO_FILTER} authLoading={<Loading />} offline={false} {...props}>
      <Page>{children}</Page>
    </InfiniteListBase>
  );
}

const NO_FILTER = {};
