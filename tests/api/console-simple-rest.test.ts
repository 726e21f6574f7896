// The real ra-data-simple-rest client (as the console uses it) against the server over HTTP.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { makeApplication, makeLead, makeOffer, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { CustomLanding, LandingInterest, User, WishlistEntry } from '../../models/index.js';

let ctx: TestContext;
let server: http.Server;
let dp: DataProvider;
const page = (perPage = 10) => ({ pagination: { page: 1, perPage }, sort: { field: 'created_at', order: 'DESC' as const }, filter: {} });

beforeAll(async () => {
  ctx = await createTestContext();
  server = http.createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const admin = await makeUser({ profile: 'recruiter', is_admin: true });
  const { Authorization } = await bearer(admin);
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers as HeadersInit | undefined);
    headers.set('Authorization', Authorization);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  dp = simpleRestProvider(`http://127.0.0.1:${port}/apis/console`, httpClient);
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

describe('ra-data-simple-rest against /apis/console', () => {
  it('users: getList, getOne, getMany, getManyReference, update, updateMany, delete, deleteMany', async () => {
    const mgr = await makeUser({ profile: 'manager', name: 'Marc Manager' });
    const r1 = await makeUser({ profile: 'recruiter', name: 'Rémi Un' });
    const r2 = await makeUser({ profile: 'recruiter', name: 'Rose Deux' });
    const listed = await dp.getList('users', { ...page(1), filter: { profile: 'recruiter', q: 'rose' } });
    expect(listed.data.map((u) => u.id)).toEqual([r2.id]);
    expect(listed.total).toBe(1);
    const all = await dp.getList('users', { pagination: { page: 1, perPage: 2 }, sort: { field: 'id', order: 'ASC' }, filter: { profile: 'recruiter' } });
    expect(all.data).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect((await dp.getOne('users', { id: mgr.id })).data.name).toBe('Marc Manager');
    expect((await dp.getMany('users', { ids: [r1.id, r2.id] })).data).toHaveLength(2);
    const assigned = await fetchAction(`users/${mgr.id}/recruiters`, { add: [r1.id] });
    expect(assigned.recruiters).toEqual([r1.id]);
    const ref = await dp.getManyReference('users', { target: 'managed_by', id: mgr.id, ...page() });
    expect(ref.data.map((u) => u.id)).toEqual([r1.id]);
    const updated = await dp.update('users', { id: r1.id, data: { name: 'Rémi Renommé' }, previousData: { id: r1.id } });
    expect(updated.data.name).toBe('Rémi Renommé');
    const many = await dp.updateMany('users', { ids: [r1.id, r2.id], data: { phone: '0600000000' } });
    expect(many.data!.sort()).toEqual([r1.id, r2.id].sort());
    expect((await User.findByPk(r2.id))!.phone).toBe('+33600000000'); // the phone rule stores E.164 (decision 342)
    const del = await dp.delete('users', { id: r1.id, previousData: { id: r1.id } });
    expect(del.data.id).toBe(r1.id);
    const delMany = await dp.deleteMany('users', { ids: [r2.id, mgr.id] });
    expect(delMany.data!.sort()).toEqual([r2.id, mgr.id].sort());
    expect(await User.count({ where: { id: [r1.id, r2.id, mgr.id] } })).toBe(0);
  });

  it('offers, applications and wishlists: lists, references, updates and deletes', async () => {
    const r = await makeUser({ profile: 'recruiter' });
    const c = await makeUser({ profile: 'candidate' });
    const o1 = await makeOffer(r.id, { title: 'Caissier' });
    const o2 = await makeOffer(r.id, { title: 'Boucher' });
    const app = await makeApplication(c.id, o1);
    const offers = await dp.getManyReference('offers', { target: 'recruiter_id', id: r.id, ...page() });
    expect(offers.total).toBe(2);
    expect((await dp.getList('offers', { ...page(), filter: { q: 'boucher' } })).data.map((o) => o.id)).toEqual([o2.id]);
    expect((await dp.getOne('offers', { id: o1.id })).data.candidates).toBe(1);
    expect((await dp.getMany('offers', { ids: [o1.id, o2.id] })).data).toHaveLength(2);
    expect((await dp.update('offers', { id: o2.id, data: { state: 'closed' }, previousData: { id: o2.id } })).data.state).toBe('closed');
    expect((await User.findByPk(r.id))!.actives_offers_count).toBe(1);
    await dp.updateMany('offers', { ids: [o1.id, o2.id], data: { state: 'available' } });
    expect((await User.findByPk(r.id))!.actives_offers_count).toBe(2);

    const apps = await dp.getManyReference('applications', { target: 'candidate_id', id: c.id, ...page() });
    expect(apps.data.map((a) => a.id)).toEqual([app.id]);
    expect((await dp.getOne('applications', { id: app.id })).data.questions).toHaveLength(3);
    expect((await dp.getMany('applications', { ids: [app.id] })).data).toHaveLength(1);
    expect((await dp.getList('applications', { ...page(), filter: { state: 'complete' } })).total).toBeGreaterThanOrEqual(1);

    const wl = await dp.getManyReference('wishlists', { target: 'candidate_id', id: c.id, ...page() });
    expect(wl.data).toHaveLength(1);
    expect((await dp.getList('wishlists', { ...page(), filter: { job_code: o1.job_code } })).data[0].job_code).toBe(o1.job_code);
    expect((await dp.getOne('wishlists', { id: wl.data[0].id })).data.title).toBe('Caissier');
    expect((await dp.getMany('wishlists', { ids: [wl.data[0].id] })).data).toHaveLength(1);
    await dp.delete('wishlists', { id: wl.data[0].id });
    expect(await WishlistEntry.count({ where: { candidate_id: c.id } })).toBe(0);
    expect((await User.findByPk(c.id))!.wishlist_count).toBe(0);
    const c2 = await makeUser({ profile: 'candidate' });
    await makeApplication(c2.id, o2);
    const wl2 = await dp.getManyReference('wishlists', { target: 'candidate_id', id: c2.id, ...page() });
    await dp.deleteMany('wishlists', { ids: wl2.data.map((w) => w.id) });
    expect(await WishlistEntry.count({ where: { candidate_id: c2.id } })).toBe(0);
  });

  it('landings, custom landings and the audit log', async () => {
    const l1 = await makeLead({ notif: 0 });
    const l2 = await makeLead({ notif: 0 });
    const leads = await dp.getList('landings', { ...page(), filter: { notif: 0 } });
    expect(leads.data.map((l) => l.id).sort()).toEqual([l1.id, l2.id].sort());
    expect((await dp.getOne('landings', { id: l1.id })).data.email).toBe(l1.email);
    expect((await dp.getMany('landings', { ids: [l1.id] })).data).toHaveLength(1);
    expect((await dp.update('landings', { id: l1.id, data: { notif: 3 }, previousData: { id: l1.id } })).data.notif).toBe(3);
    await dp.updateMany('landings', { ids: [l1.id, l2.id], data: { notif: 2 } });
    expect((await LandingInterest.findByPk(l2.id))!.notif).toBe(2);
    await dp.delete('landings', { id: l1.id });
    await dp.deleteMany('landings', { ids: [l2.id] });
    expect(await LandingInterest.count({ where: { id: [l1.id, l2.id] } })).toBe(0);

    const created = await dp.create('custom-landings', { data: { identifier: 'Ma Landing', name: 'Ma Société' } });
    expect(created.data.identifier).toBe('ma-landing');
    const second = await dp.create('custom-landings', { data: { identifier: 'autre', name: 'Autre' } });
    expect((await dp.getList('custom-landings', { ...page(), filter: { q: 'ma-' } })).data.map((x) => x.id)).toEqual([created.data.id]);
    expect((await dp.getOne('custom-landings', { id: created.data.id })).data.select_label).toBe('Magasin');
    expect((await dp.getMany('custom-landings', { ids: [created.data.id, second.data.id] })).data).toHaveLength(2);
    await dp.update('custom-landings', { id: created.data.id, data: { select_label: 'Boutique' }, previousData: { id: created.data.id } });
    await dp.updateMany('custom-landings', { ids: [created.data.id, second.data.id], data: { bg_color: '#123456' } });
    expect((await CustomLanding.findByPk(second.data.id))!.bg_color).toBe('#123456');
    await dp.delete('custom-landings', { id: created.data.id });
    await dp.deleteMany('custom-landings', { ids: [second.data.id] });
    expect(await CustomLanding.count()).toBe(0);
    await expect(dp.create('custom-landings', { data: { identifier: 'a#b-c', name: 'X' } })).rejects.toMatchObject({ status: 400 });

    const log = await dp.getList('audit-log', { ...page(50), filter: { resource: 'custom-landings' } });
    expect(log.data.map((e) => e.action)).toContain('create');
    const entry = await dp.getOne('audit-log', { id: log.data[0].id });
    expect(entry.data.resource).toBe('custom-landings');
    expect((await dp.getMany('audit-log', { ids: [entry.data.id] })).data).toHaveLength(1);
    const byRecord = await dp.getManyReference('audit-log', { target: 'record_id', id: String(second.data.id), ...page() });
    expect(byRecord.data.every((e) => e.record_id === String(second.data.id))).toBe(true);
    await expect(dp.delete('audit-log', { id: entry.data.id })).rejects.toMatchObject({ status: 403 });
  });
});

async function fetchAction(path: string, body: object) {
  const { port } = server.address() as AddressInfo;
  const admin = await User.findOne({ where: { is_admin: true } });
  const res = await fetch(`http://127.0.0.1:${port}/apis/console/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await bearer(admin!)) },
    body: JSON.stringify(body),
  });
  return res.json();
}
