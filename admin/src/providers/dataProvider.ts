// ra-data-simple-rest on /apis/console, with the session cookie, plus:
// - keyset paging: the next page of a list carries the last record's sort value and id as
//   filter.after, so deep pages never make the database skip rows (decision 061);
// - action(): POST /apis/console/{resource}/{id}/{action} for the custom actions;
// - logo upload: a File in logo_src goes to POST /apis/upload/image first.
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';

const API = '/apis/console';

const httpClient = (url: string, options: fetchUtils.Options = {}) => fetchUtils.fetchJson(url, { ...options, credentials: 'include' });

const base = simpleRestProvider(API, httpClient);

/** Last record of each page already fetched, per list (resource + filter + sort + page size). */
const cursors = new Map<string, Map<number, string>>();
const listKey = (resource: string, p: GetListParams) => JSON.stringify([resource, p.filter ?? {}, p.sort ?? null, p.pagination?.perPage ?? 25]);

async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { json } = await fetchUtils.fetchJson('/apis/upload/image', { method: 'POST', body: form, credentials: 'include' });
  return (json as { url: string }).url;
}

async function withUploads(data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out = { ...data };
  for (const [k, v] of Object.entries(out)) {
    const raw = (v as { rawFile?: File } | null)?.rawFile;
    if (raw instanceof File) out[k] = await uploadImage(raw);
    // A picture shown through its public address keeps its stored key (key), else the address itself.
    else if (v && typeof v === 'object' && 'src' in (v as object)) out[k] = (v as { key?: string; src: string }).key ?? (v as { src: string }).src;
  }
  return out;
}

export interface ConsoleDataProvider extends DataProvider {
  action<T = unknown>(resource: string, id: string | number, action: string, body?: object): Promise<T>;
}

export const dataProvider: ConsoleDataProvider = {
  ...base,
  async getList(resource, params) {
    const key = listKey(resource, params);
    const page = params.pagination?.page ?? 1;
    const sortField = params.sort?.field ?? 'created_at';
    const after = page > 1 ? cursors.get(key)?.get(page - 1) : undefined;
    const result = await base.getList(resource, after ? { ...params, filter: { ...params.filter, after } } : params);
    const last = result.data[result.data.length - 1] as RaRecord | undefined;
    if (last) {
      if (!cursors.has(key)) cursors.set(key, new Map());
      const value = last[sortField === 'id' ? 'id' : sortField] ?? last.created_at ?? last.added_at;
      cursors.get(key)!.set(page, `${String(value)}|${String(last.id)}`);
    }
    return result;
  },
  async create(resource, params) {
    return base.create(resource, { ...params, data: await withUploads(params.data) });
  },
  async update(resource, params) {
    return base.update(resource, { ...params, data: await withUploads(params.data) });
  },
  async action(resource, id, action, body = {}) {
    const { json } = await httpClient(`${API}/${resource}/${encodeURIComponent(String(id))}/${action}`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    return json;
  },
};
