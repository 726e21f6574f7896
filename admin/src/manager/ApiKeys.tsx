// The company's API keys in the manager area (issue 28, docs/decisions/485-api-keys.md): made with a
// name and scopes, the key shown once in a dialog with a copy button (the server answers it only to
// the create), listed with its prefix, scopes, creator, creation and last use, revoked after a
// confirmation. Rows and rules come from the api-keys declaration; the server scopes them to the
// manager. Loaded when first opened (ManagerApp.tsx).
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Link,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Datagrid, FunctionField, InfiniteList, TextField, TopToolbar, useCreate, useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKeyScope } from '../../../models/rules/api-keys.js';
import { ConfirmButton } from '../common/ConfirmButton.js';
import { ListDateField } from '../common/ListDateField.js';
import { LoadMore } from '../common/LoadMore.js';
import { useAction } from '../common/useAction.js';
import { LIST_SX } from './Layout.js';

const T = 'manager.api_keys';

/** The key, once: shown in a read-only field with a copy button until the manager closes it. */
function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="api-key-secret-title">
      <DialogTitle id="api-key-secret-title">{translate(`${T}.secret_title`)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${T}.secret_once`)}
        </Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <MuiTextField
            value={secret}
            fullWidth
            label={translate(`${T}.secret_label`)}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'api-key-secret', style: { fontFamily: 'monospace' } } }}
            onFocus={(e) => e.target.select()}
          />
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} data-testid="api-key-copy">
            {translate(copied ? `${T}.copied` : `${T}.copy`)}
          </Button>
        </Stack>
        <Typography variant="body2" sx={{ mt: 2 }}>
          {translate(`${T}.secret_usage`)} <code>Authorization: Bearer {secret.slice(0, 12)}…</code>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="api-key-secret-done">
          {translate(`${T}.done`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The create form: a name and at least one scope, checked here as the server checks them. */
function CreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (secret: string) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create, { isPending }] = useCreate();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [tried, setTried] = useState(false);
  const nameError = tried && !name.trim() ? translate('ra.validation.required') : '';
  const scopesError = tried && !scopes.length ? translate(`${T}.scopes_required`) : '';
  const submit = () => {
    setTried(true);
    if (!name.trim() || !scopes.length) return;
    create(
      'api-keys',
      { data: { name: name.trim(), scopes } },
      {
        onSuccess: (data: RaRecord) => onCreated(String(data.key)),
        onError: (e) => notify((e as { body?: { message?: string } }).body?.message ?? 'ra.notification.http_error', { type: 'error' }),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="api-key-create-title">
      <DialogTitle id="api-key-create-title">{translate(`${T}.create_title`)}</DialogTitle>
      <DialogContent>
        <MuiTextField
          autoFocus
          margin="dense"
          fullWidth
          required
          label={translate(`${T}.name`)}
          helperText={nameError || translate(`${T}.name_help`)}
          error={!!nameError}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX, 'data-testid': 'api-key-name' } }}
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
          <FormLabel component="legend" required>
            {translate(`${T}.scopes`)}
          </FormLabel>
          <FormGroup>
            {API_KEY_SCOPES.map((s) => (
              <FormControlLabel
                key={s}
                control={
                  <Checkbox
                    checked={scopes.includes(s)}
                    onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
                    slotProps={{ input: { 'data-testid': `api-key-scope-${s}` } as object }}
                  />
                }
                label={
                  <span>
                    {translate(`${T}.scope.${s}`)}
                    <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                      {translate(`${T}.scope_help.${s}`)}
                    </Typography>
                  </span>
                }
              />
            ))}
          </FormGroup>
          {scopesError && <FormHelperText error>{scopesError}</FormHelperText>}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('console.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={isPending} data-testid="api-key-create-submit">
          {translate(`${T}.create`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Toolbar() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <TopToolbar>
      <Link href="/developers" target="_blank" rel="noopener" sx={{ alignSelf: 'center', mr: 2 }}>
        {translate(`${T}.reference`)}
      </Link>
      <Button variant="contained" onClick={() => setCreating(true)} data-testid="api-key-create">
        {translate(`${T}.create`)}
      </Button>
      {creating && (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(s) => {
            setCreating(false);
            setSecret(s);
            refresh();
          }}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
    </TopToolbar>
  );
}

function ScopesField() {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {((record?.scopes ?? []) as string[]).map((s) => (
        <Chip key={s} size="small" label={translate(`${T}.scope.${s}`)} />
      ))}
    </Stack>
  );
}

function LastUseField() {
  const translate = useTranslate();
  const record = useRecordContext();
  return record?.last_used_at ? <ListDateField source="last_used_at" showTime /> : <Typography variant="body2">{translate(`${T}.never_used`)}</Typography>;
}

function RevokeField() {
  const translate = useTranslate();
  const record = useRecordContext();
  const act = useAction();
  if (!record) return null;
  if (record.revoked_at) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate(`${T}.revoked`)} <ListDateField source="revoked_at" />
      </Typography>
    );
  }
  return (
    <ConfirmButton
      label={translate(`${T}.revoke`)}
      color="error"
      question={translate(`${T}.revoke_confirm`, { name: String(record.name) })}
      onConfirm={() => act('api-keys', record.id, 'revoke', {}, `${T}.revoked_done`)}
    />
  );
}

export function ApiKeyList() {
  const translate = useTranslate();
  return (
    <InfiniteList
      resource="api-keys"
      sx={LIST_SX}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      pagination={<LoadMore />}
      actions={<Toolbar />}
      title="manager.menu.api_keys"
      empty={false}
    >
      <Typography variant="body2" sx={{ px: 2, pt: 1 }}>
        {translate(`${T}.intro`)}
      </Typography>
      <Datagrid bulkActionButtons={false} rowClick={false} data-testid="api-keys-table">
        <TextField source="name" />
        <FunctionField source="prefix" sortable={false} render={(r: RaRecord) => <code>{String(r.prefix)}…</code>} />
        <FunctionField source="scopes" sortable={false} render={() => <ScopesField />} />
        <TextField source="created_by_name" sortable={false} />
        <ListDateField source="created_at" showTime />
        <FunctionField source="last_used_at" sortable={false} render={() => <LastUseField />} />
        <FunctionField source="revoked_at" sortable={false} render={() => <RevokeField />} />
      </Datagrid>
    </InfiniteList>
  );
}
