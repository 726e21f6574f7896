// The spec's "Load more" button under a list, shown while a next page exists.
import { Box, Button } from '@mui/material';
import { useInfinitePaginationContext, useTranslate } from 'react-admin';

export function LoadMore() {
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = useInfinitePaginationContext();
  const translate = useTranslate();
  if (!hasNextPage) return null;
  return (
    <Box sx={{ textAlign: 'center', my: 2 }}>
      <Button variant="outlined" disabled={isFetchingNextPage} onClick={() => fetchNextPage()}>
        {translate('console.load_more')}
      </Button>
    </Box>
  );
}
