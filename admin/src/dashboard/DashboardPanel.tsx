// The side panel of the candidate board: "Voir la story" plays the candidate's answers, "Voir le
// CV" shows the CV, both through short-lived signed addresses, with the outside reviewers'
// feedback. The panel itself is the console's one candidate panel (admin/src/candidates/).
import { useTranslate } from 'react-admin';
import { Box, Drawer, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { DashboardItem } from './data.js';

export interface PanelRequest {
  item: DashboardItem;
  view: 'story' | 'cv';
}

export function DashboardPanel({ request, onClose }: { request: PanelRequest; onClose: () => void }) {
  const translate = useTranslate();
  const { item } = request;
  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } }, 'data-testid': 'candidate-panel' } as object }}>
      <Box sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {item.candidate?.name || item.candidate?.email}
          </Typography>
          <IconButton onClick={onClose} aria-label={translate('dashboard.close_panel')} data-testid="close-panel">
            <CloseIcon />
          </IconButton>
        </Box>
        <Typography variant="body2">
          {item.offer?.title ?? item.job_code} · {item.job_code}
        </Typography>
      </Box>
    </Drawer>
  );
}
