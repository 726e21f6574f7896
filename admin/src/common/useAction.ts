// Calls a custom action and tells the user how it went (the server's message on refusal).
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider.js';

export function useAction() {
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return async <T = unknown>(
    resource: string,
    id: string | number,
    action: string,
    body: object = {},
    success = 'console.done',
    successArgs?: (result: T) => Record<string, unknown>,
  ): Promise<T | null> => {
    try {
      const result = await dp.action<T>(resource, id, action, body);
      notify(success, { type: 'success', messageArgs: successArgs?.(result) });
      refresh();
      return result;
    } catch (e) {
      const err = e as { body?: { message?: string }; message?: string };
      notify(err.body?.message ?? err.message ?? 'ra.notification.http_error', { type: 'error' });
      return null;
    }
  };
}
