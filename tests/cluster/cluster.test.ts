// Two app nodes behind haproxy on one MariaDB database and one storage, all on 127.0.0.1
// (issue 10, "Several nodes"; docs/deploy.md; decision 108). haproxy must be installed: without it
// this test fails, it does not skip.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { CHECK_FALL, CHECK_INTER_MS, CHECK_TIMEOUT_MS, JOBS_LEASE_MS, SHUTDOWN_DELAY_MS, Cluster, send, sourceAddress, type Answer } from '../helpers/cluster.js';
import { FAKE_S3_BUCKET } from '../helpers/s3.js';
import { makeVideo } from '../helpers/video.js';
import { answerMetadata, waitFor } from '../helpers/tus.js';
import { ANSWER_UPLOADS_PATH } from '../../models/rules/video.js';
import { DEMO_JOB_CODE, DEMO_PASSWORD, DEMO_SHARE_ID } from '../../seeders/demo-data.js';
import { LIMITS } from '../../api/auth/throttle.js';
import { MAX_VIEW_LIMIT } from '../../api/services/applications/share.service.js';

const cluster = new Cluster(2);
// The answers' videos, made before the cluster starts: makeVideo blocks this process, which also
// runs the fake S3 that every node's /readyz asks, so during it haproxy would see both nodes down.
let h264Answer: Buffer;
let vp8Answer: Buffer;
beforeAll(async () => {
  h264Answer = fs.readFileSync(makeVideo({ seconds: 12 }));
  vp8Answer = fs.readFileSync(makeVideo({ seconds: 40, format: 'webm' }));
  await cluster.start();
}, 240_000);
afterAll(() => cluster.stop(), 60_000);

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: cluster.balancerUrl, ...extra },
  body: JSON.stringify(body),
});

async function signIn(baseUrl: string, email: string): Promise<string> {
  const res = await send(`${baseUrl}/apis/auth/login`, json({ email, password: DEMO_PASSWORD }));
  expect(res.status, res.body.toString()).toBe(200);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]?.split(';', 1)[0];
  expect(cookie).toBeTruthy();
  return cookie!;
}

/** An absolute address on PUBLIC_URL (the balancer), asked of `base` instead. */
const at = (base: string, url: string) => {
  const u = new URL(url, cluster.balancerUrl);
  return `${base}${u.pathname}${u.search}`;
};

const bucket = () => new S3Client({ endpoint: cluster.s3Endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });

/** Every key of the shared bucket under the cluster's prefix that starts with `prefix`. */
async function bucketKeys(prefix: string): Promise<string[]> {
  const s3 = bucket();
  const out = await s3.send(new ListObjectsV2Command({ Bucket: FAKE_S3_BUCKET, Prefix: `cluster/${prefix}` }));
  s3.destroy();
  return (out.Contents ?? []).map((o) => o.Key!.slice('cluster/'.length)).sort();
}

async function bucketText(key: string): Promise<string> {
  const s3 = bucket();
  const out = await s3.send(new GetObjectCommand({ Bucket: FAKE_S3_BUCKET, Key: `cluster/${key}` }));
  const text = await out.Body!.transformToString('utf8');
  s3.destroy();
  return text;
}

/** A candidate signed in through the balancer with an application started: its first unanswered question. */
async function candidateAnswering(email: string, jobCode: string): Promise<{ cookie: string; applicationId: number; qid: string }> {
  const cookie = await signIn(cluster.balancerUrl, email);
  const res = await send(`${cluster.balancerUrl}/apis/candidate/applications`, json({ job_code: jobCode }, { cookie }));
  expect(res.status, res.body.toString()).toBeLessThan(300);
  const view = res.json<{ id: number; answers: Array<{ qid: string; status: string }> }>();
  const open = view.answers.find((x) => x.status === 'missing');
  expect(open, JSON.stringify(view)).toBeTruthy();
  return { cookie, applicationId: view.id, qid: open!.qid };
}

/** One answer's status as its candidate reads it, through the balancer. */
async function answerStatus(cookie: string, applicationId: number, qid: string): Promise<string> {
  const res = await send(`${cluster.balancerUrl}/apis/candidate/applications/${applicationId}`, { headers: { cookie } });
  if (res.status !== 200) return `http ${res.status}`;
  return res.json<{ answers: Array<{ qid: string; status: string }> }>().answers.find((x) => x.qid === qid)!.status;
}

/** The transcode jobs of an upload: state and attempts. */
const transcodeJobs = (uploadId: string) =>
  cluster.query<{ state: string; attempts: number; locked_by: string | null }>("SELECT state, attempts, locked_by FROM jobs WHERE name = 'transcode-answer' AND payload LIKE ?", [`%${uploadId}%`]);

/**
 * A story stored once: the playlist, the segments it names and the poster, nothing else under the
 * upload's folder, the source gone.
 */
async function expectOneStory(uploadId: string): Promise<string[]> {
  const keys = await bucketKeys(`story/${uploadId}/`);
  const segments = (await bucketText(`story/${uploadId}/index.m3u8`))
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => `story/${uploadId}/${l.trim()}`);
  expect(segments.length).toBeGreaterThan(0);
  expect(keys).toEqual([...segments, `story/${uploadId}/index.m3u8`, `story/${uploadId}/poster.jpg`].sort());
  return keys;
}

/**
 * As tus-js-client does, through the balancer (or PATCH n through `via(n)`): the creation, then
 * PATCHes of `chunk` bytes `pauseMs` apart.
 */
async function tusUpload(
  cookie: string,
  applicationId: number,
  qid: string,
  file: Buffer,
  o: { chunk: number; pauseMs: () => number; onAnswer?: (what: string, status: number | 'error') => void; via?: (patch: number) => string },
): Promise<{ uploadId: string; patches: number[]; ms: number }> {
  const t0 = Date.now();
  const tusHeaders = { cookie, origin: cluster.balancerUrl, 'tus-resumable': '1.0.0' };
  const created = await send(`${cluster.balancerUrl}${ANSWER_UPLOADS_PATH}`, {
    method: 'POST',
    headers: { ...tusHeaders, 'upload-length': String(file.length), 'upload-metadata': answerMetadata(applicationId, qid) },
  }).catch(() => undefined);
  o.onAnswer?.('tus POST', created?.status ?? 'error');
  expect(created?.status, created?.body.toString()).toBe(201);
  const location = String(created!.headers.location);
  const uploadId = location.split('/').pop()!;
  let offset = 0;
  const patches: number[] = [];
  while (offset < file.length) {
    const body = file.subarray(offset, offset + o.chunk);
    const res = await send(at(o.via?.(patches.length) ?? cluster.balancerUrl, location), {
      method: 'PATCH',
      headers: { ...tusHeaders, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body,
    }).catch(() => undefined);
    patches.push(Date.now());
    o.onAnswer?.('tus PATCH', res?.status ?? 'error');
    if (res?.status === 204) {
      offset = Number(res.headers['upload-offset']);
    } else {
      // What tus-js-client does after a failed PATCH: ask where the upload stands, resume there.
      const head = await send(at(cluster.balancerUrl, location), { method: 'HEAD', headers: tusHeaders }).catch(() => undefined);
      o.onAnswer?.('tus HEAD', head?.status ?? 'error');
      expect(head?.status, `HEAD after a failed PATCH (${res?.status ?? 'error'})`).toBe(200);
      offset = Number(head!.headers['upload-offset']);
    }
    if (offset < file.length) await new Promise((r) => setTimeout(r, o.pauseMs()));
  }
  return { uploadId, patches, ms: Date.now() - t0 };
}

const a = () => cluster.node('a').url;
const b = () => cluster.node('b').url;

describe('two nodes behind haproxy', () => {
  it('passes the client address and a request id through the balancer', async () => {
    const res = await send(`${cluster.balancerUrl}/apis/health`, { headers: { 'x-request-id': 'chosen-by-the-client' } });
    expect(res.status).toBe(200);
    // haproxy's unique-id replaces whatever the client sent, and the node keeps it (trusted proxy).
    expect(res.headers['x-request-id']).toMatch(/^[0-9A-F]{8}:[0-9A-F]+_[0-9A-F]{8}:[0-9A-F]+_[0-9A-F]+_[0-9A-F]+:[0-9A-F]+$/);
  });

  it('a session made on node A works on node B and through the balancer; signing out on B ends it on A', async () => {
    const cookie = await signIn(a(), 'candidate@demo.test');
    const onB = await send(`${b()}/apis/auth/me`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(onB.json()).toMatchObject({ email: 'candidate@demo.test' });
    for (let i = 0; i < 4; i++) {
      const res = await send(`${cluster.balancerUrl}/apis/auth/me`, { headers: { cookie } });
      expect(res.status).toBe(200);
    }
    expect((await send(`${b()}/apis/auth/logout`, { method: 'POST', headers: { cookie, origin: cluster.balancerUrl } })).status).toBe(204);
    expect((await send(`${a()}/apis/auth/me`, { headers: { cookie } })).status).toBe(401);
  });

  it('a CV uploaded with an application through node A downloads through node B and the balancer', async () => {
    // As the offer page does it: the CV first (anonymous), then the application naming its key.
    const pdf = Buffer.from(`%PDF-1.4\n% cluster test ${Date.now()}\n%%EOF\n`);
    const boundary = `----cluster${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="cv.pdf"\r\ncontent-type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await send(`${a()}/apis/upload/cv`, {
      method: 'POST',
      headers: { origin: cluster.balancerUrl, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(up.status, up.body.toString()).toBe(201);
    const { key, url } = up.json<{ key: string; url: string | null }>();
    expect(url).toBeNull(); // private: no permanent address (decision 085)
    const email = `cv.${Date.now()}@cluster.test`;
    const applied = await send(
      `${a()}/apis/submit-interest`,
      json({ job_code: DEMO_JOB_CODE, email, firstname: 'Zoé', lastname: 'Cévé', phone_number: '+33612345678', accept_cgu: true, use_cv: true, cv_file: key }),
    );
    expect(applied.status, applied.body.toString()).toBe(201);

    // Staff reads leads and their CVs (decision 085): signed in on B, the lead's row on B (then
    // through the balancer) gives a signed address; the node checks it and redirects to a
    // presigned GET on the shared bucket, whose bytes are the ones A received.
    const cookie = await signIn(b(), 'admin@demo.test');
    for (const base of [b(), cluster.balancerUrl, cluster.balancerUrl]) {
      const rows = await send(`${base}/apis/console/landings?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`, { headers: { cookie } });
      expect(rows.status, rows.body.toString()).toBe(200);
      const [lead] = rows.json<Array<{ email: string; cv_url: string | null }>>();
      expect(lead?.email).toBe(email);
      expect(lead.cv_url).toBeTruthy();
      const signed = await send(at(base, lead.cv_url!), { headers: { cookie } });
      expect(signed.status, signed.body.toString()).toBe(302);
      const location = new URL(String(signed.headers.location));
      expect(location.origin).toBe(cluster.s3Endpoint);
      const down = await send(location.toString());
      expect(down.status).toBe(200);
      expect(down.body.equals(pdf)).toBe(true);
    }
  });

  it('300 concurrent views of a share link through the balancer give exactly 50', async () => {
    await cluster.query('UPDATE share_links SET views = 0, max_views = 50 WHERE share_id = ?', [DEMO_SHARE_ID]);
    const [{ before }] = await cluster.query<{ before: number }>('SELECT COUNT(*) AS `before` FROM share_views v JOIN share_links l ON l.id = v.share_link_id WHERE l.share_id = ?', [DEMO_SHARE_ID]);
    // Each view from its own loopback address: 300 reviewers, not one address hitting a per-address limit.
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => send(`${cluster.balancerUrl}/apis/share-apply/${DEMO_SHARE_ID}`, { from: sourceAddress(i) })));
    const count = (status: number) => answers.filter((r) => r.status === status).length;
    expect({ ok: count(200), capped: count(403) }).toEqual({ ok: 50, capped: 250 });
    for (const r of answers.filter((x) => x.status === 403)) expect(r.json().error).toBe(MAX_VIEW_LIMIT);
    const [{ views }] = await cluster.query<{ views: number }>('SELECT views FROM share_links WHERE share_id = ?', [DEMO_SHARE_ID]);
    expect(views).toBe(50);
    const [{ after }] = await cluster.query<{ after: number }>('SELECT COUNT(*) AS `after` FROM share_views v JOIN share_links l ON l.id = v.share_link_id WHERE l.share_id = ?', [DEMO_SHARE_ID]);
    expect(Number(after) - Number(before)).toBe(50);
  });

  it('the sign-in limit holds across both nodes', async () => {
    const email = 'karim.haddad@demo.test';
    // Both nodes see the test's 127.0.0.1. The per-account rule of decision 042, or once sign-in
    // limits are per account and address (the security work of issue 10), the pair's limit.
    const limits = LIMITS as unknown as Record<string, ((email: string, ip: string) => { max: number }) | undefined>;
    const { max } = (limits.loginPair ?? limits.loginAccount)!(email, '127.0.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < max + 4; i++) {
      const node = i % 2 === 0 ? a() : b();
      statuses.push((await send(`${node}/apis/auth/login`, json({ email, password: 'wrong-password' }))).status);
    }
    expect(statuses).toEqual([...Array<number>(max).fill(401), ...Array<number>(4).fill(429)]);
  });

  it("each node's metrics: behind the token on its port and through the balancer, open to nobody else", async () => {
    const auth = { authorization: `Bearer ${cluster.metricsToken}` };
    expect((await send(`${cluster.balancerUrl}/metrics`)).status).toBe(401);
    expect((await send(cluster.node('a').metricsUrl)).status).toBe(401);
    for (const url of [cluster.node('a').metricsUrl, cluster.node('b').metricsUrl, `${cluster.balancerUrl}/metrics`]) {
      const res = await send(url, { headers: auth });
      expect(res.status).toBe(200);
      const text = res.body.toString('utf8');
      expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/apis\/health",status="200"\} \d+$/m);
      expect(text).toMatch(/^db_pool_connections\{state="max"\} 10$/m);
    }
  });

  it('a tus upload whose PATCHes alternate between node A and node B, each its own UPLOAD_TMP_DIR, uploads in the bucket, is stored and packaged once', async () => {
    const { cookie, applicationId, qid } = await candidateAnswering('sarah.bonnet@demo.test', 'BLGN92');
    const statuses: Array<number | 'error'> = [];
    const chunk = 150_000; // 4 PATCHes (A, B, A, B), far below S3's 5 MiB parts: kept as the bucket's incomplete part
    expect(h264Answer.length).toBeGreaterThan(2 * chunk);
    const { uploadId, patches } = await tusUpload(cookie, applicationId, qid, h264Answer, {
      chunk,
      pauseMs: () => 0,
      via: (n) => (n % 2 ? b() : a()),
      onAnswer: (what, status) => what === 'tus PATCH' && statuses.push(status),
    });
    const count = Math.ceil(h264Answer.length / chunk);
    expect(statuses).toEqual(Array<number>(count).fill(204));
    expect(patches.length).toBe(count);
    expect(
      await waitFor(
        () => answerStatus(cookie, applicationId, qid),
        (s) => s === 'ready',
        60_000,
      ),
    ).toBe('ready');
    // The answer is ready inside the job; the job is marked done just after it returns.
    await expect.poll(async () => (await transcodeJobs(uploadId)).map((j) => [j.state, j.attempts]), { timeout: 10_000 }).toEqual([['done', 1]]);
    await expectOneStory(uploadId);
    // Nothing went to either node's folder; nothing is left in the bucket's uploads.
    for (const name of ['a', 'b']) expect(fs.existsSync(cluster.uploadDirOf(name)) ? fs.readdirSync(cluster.uploadDirOf(name)) : []).toEqual([]);
    expect(await bucketKeys('uploads/')).toEqual([]);
  });

  it('a tus upload whose PATCHes alternate between node A and node B (shared UPLOAD_TMP_DIR, UPLOAD_STORE=folder) is stored and packaged once', async () => {
    await cluster.keepUploadsIn('shared-folder');
    const { cookie, applicationId, qid } = await candidateAnswering('sarah.bonnet@demo.test', 'BLGN92');
    const statuses: Array<number | 'error'> = [];
    const { uploadId, patches } = await tusUpload(cookie, applicationId, qid, h264Answer, {
      chunk: Math.ceil(h264Answer.length / 6),
      pauseMs: () => 0,
      via: (n) => (n % 2 ? b() : a()),
      onAnswer: (what, status) => what === 'tus PATCH' && statuses.push(status),
    });
    expect(statuses).toEqual(Array<number>(6).fill(204));
    expect(patches.length).toBe(6);
    expect(
      await waitFor(
        () => answerStatus(cookie, applicationId, qid),
        (s) => s === 'ready',
        60_000,
      ),
    ).toBe('ready');
    // The answer is ready inside the job; the job is marked done just after it returns.
    await expect.poll(async () => (await transcodeJobs(uploadId)).map((j) => [j.state, j.attempts]), { timeout: 10_000 }).toEqual([['done', 1]]);
    await expectOneStory(uploadId);
    expect(fs.readdirSync(cluster.uploadDirOf('a'))).toEqual([]);
    await cluster.keepUploadsIn('bucket');
  }, 120_000);

  it('a rolling restart (node A, then node B) under reads, sign-ins, applications and a tus upload fails no request and loses nothing', async () => {
    const tag = `r${Date.now()}`;
    const failures: string[] = [];
    const counts: Record<string, number> = {};
    const note = (what: string, status: number | 'error', ok: boolean) => {
      counts[what] = (counts[what] ?? 0) + 1;
      if (!ok) failures.push(`${what}: ${status}`);
    };
    const accepted: string[] = [];
    let done = false;

    // The stream: 6 clients, each its own loopback address, one request after the other.
    const reader = async (k: number) => {
      const cookie = await signIn(cluster.balancerUrl, 'lucas.moreau@demo.test');
      for (let i = 0; !done; i++) {
        const url = i % 2 ? `${cluster.balancerUrl}/apis/auth/me` : `${cluster.balancerUrl}/apis/list-offers/${DEMO_JOB_CODE}`;
        const res = await send(url, { headers: { cookie }, from: sourceAddress(30_000 + k) }).catch(() => undefined);
        note(i % 2 ? 'read /apis/auth/me' : 'read /apis/list-offers', res?.status ?? 'error', res?.status === 200);
      }
    };
    const signer = async (k: number) => {
      const emails = ['chloe.laurent@demo.test', 'hugo.simon@demo.test', 'nathan.garcia@demo.test'];
      for (let i = 0; !done; i++) {
        const res = await send(`${cluster.balancerUrl}/apis/auth/login`, {
          ...json({ email: emails[i % emails.length], password: DEMO_PASSWORD }),
          from: sourceAddress(31_000 + k * 100 + (i % 100)),
        }).catch(() => undefined);
        note('sign-in', res?.status ?? 'error', res?.status === 200);
      }
    };
    let applied = 0;
    const applicant = async () => {
      while (!done) {
        const i = applied++;
        const email = `${tag}-${i}@cluster.test`;
        const res = await send(`${cluster.balancerUrl}/apis/submit-interest`, {
          ...json({ job_code: DEMO_JOB_CODE, email, firstname: 'Zoé', lastname: 'Roulement', phone_number: '+33612345678', accept_cgu: true }),
          from: sourceAddress(32_000 + (i % 20_000)),
        }).catch(() => undefined);
        note('application', res?.status ?? 'error', res?.status === 201);
        if (res?.status === 201) accepted.push(email);
      }
    };

    // The upload: an H.264 answer in 100 PATCHes, 150 ms apart while the nodes restart, then at once.
    const file = h264Answer;
    let restarted = false;
    const { cookie, applicationId, qid } = await candidateAnswering('jade.girard@demo.test', 'BARM75');
    const started = Date.now();
    const stream = [reader(0), reader(1), signer(0), applicant(), applicant()];
    const upload = tusUpload(cookie, applicationId, qid, file, {
      chunk: Math.ceil(file.length / 100),
      pauseMs: () => (restarted ? 0 : 150),
      onAnswer: (what, status) => note(what, status, status === 201 || status === 204 || status === 200),
    });

    await new Promise((r) => setTimeout(r, 1500));
    const steps = { a: await cluster.restart('a'), b: await cluster.restart('b') };
    restarted = true;
    await new Promise((r) => setTimeout(r, 1000));
    const uploaded = await upload;
    done = true;
    await Promise.all(stream);
    const streamMs = Date.now() - started;
    const sent = Object.values(counts).reduce((x, y) => x + y, 0);
    const during = (s: { at: number; drainMs: number; upMs: number }) => uploaded.patches.filter((t) => t >= s.at && t <= s.at + s.drainMs).length;
    console.log(
      `rolling restart: ${sent} requests in ${(streamMs / 1000).toFixed(1)} s (${JSON.stringify(counts)}), ${failures.length} failed${failures.length ? ` (${failures.join(', ')})` : ''}; ` +
        `upload ${file.length} bytes in ${uploaded.patches.length} PATCHes, ${(uploaded.ms / 1000).toFixed(1)} s (${during(steps.a)} PATCHes while A drained, ${during(steps.b)} while B drained); ` +
        `a: drained in ${steps.a.drainMs} ms (exit ${steps.a.exitCode}, haproxy DOWN after ${steps.a.downAfterMs} ms), back UP in ${steps.a.upMs} ms; ` +
        `b: drained in ${steps.b.drainMs} ms (exit ${steps.b.exitCode}, DOWN after ${steps.b.downAfterMs} ms), back UP in ${steps.b.upMs} ms`,
    );

    // Each node drained: out of haproxy before it stopped accepting, then exit 0 (not the forced exit 1).
    expect(steps.a.downAfterMs).toBeLessThan(SHUTDOWN_DELAY_MS);
    expect(steps.b.downAfterMs).toBeLessThan(SHUTDOWN_DELAY_MS);
    expect(steps.a.exitCode).toBe(0);
    expect(steps.b.exitCode).toBe(0);
    expect(failures).toEqual([]);
    // The stream ran through both drains: the upload's PATCHes too.
    expect(during(steps.a)).toBeGreaterThan(0);
    expect(during(steps.b)).toBeGreaterThan(0);
    // Every accepted application is stored once.
    const stored = await cluster.query<{ email: string; n: number }>('SELECT email, COUNT(*) AS n FROM landing_interests WHERE email LIKE ? GROUP BY email', [`${tag}-%`]);
    expect(stored.length).toBe(accepted.length);
    expect(stored.filter((r) => Number(r.n) !== 1)).toEqual([]);
    // The upload finished, was packaged once, and the answer plays.
    expect(
      await waitFor(
        () => answerStatus(cookie, applicationId, qid),
        (s) => s === 'ready',
        60_000,
      ),
    ).toBe('ready');
    expect((await transcodeJobs(uploaded.uploadId)).map((j) => j.state)).toEqual(['done']);
    await expectOneStory(uploaded.uploadId);
  });

  it('a node killed with kill -9 while it transcodes a story: the other node takes the job after its lease, one story, the job done once', async () => {
    // A VP8 WebM answer (what Chromium records without H.264): re-encoded, so it takes a while.
    const file = vp8Answer;
    const { cookie, applicationId, qid } = await candidateAnswering('tom.lambert@demo.test', 'MTMR18');
    const { uploadId } = await tusUpload(cookie, applicationId, qid, file, { chunk: 4 * 1024 * 1024, pauseMs: () => 0 });

    // The node whose worker holds the job, once its ffmpeg runs.
    const ffmpegOf = (pid: number) =>
      fs.readdirSync('/proc').some((p) => {
        try {
          const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
          return /\(ffmpeg\)/.test(stat) && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
        } catch {
          return false;
        }
      });
    const holder = await waitFor(
      async () => {
        const [job] = await transcodeJobs(uploadId);
        const pid = job?.state === 'running' ? Number(job.locked_by?.split(':')[1]) : 0;
        const node = cluster.nodes.find((n) => n.child.pid === pid);
        return node && ffmpegOf(pid) ? node.name : '';
      },
      (name) => name !== '',
      30_000,
    );
    const killedAt = Date.now();
    cluster.kill(holder);
    const other = holder === 'a' ? 'b' : 'a';

    expect(
      await waitFor(
        () => answerStatus(cookie, applicationId, qid),
        (s) => s === 'ready',
        90_000,
      ),
    ).toBe('ready');
    const readyMs = Date.now() - killedAt;
    // One job, done, on its second attempt (the killed one was the first), by the other node.
    const jobs = await transcodeJobs(uploadId);
    expect(jobs.map((j) => [j.state, j.attempts])).toEqual([['done', 2]]);
    expect(readyMs).toBeGreaterThanOrEqual(JOBS_LEASE_MS - 1000);
    const keys = await expectOneStory(uploadId);
    expect(await bucketKeys(`story/${uploadId}/source`)).toEqual([]);
    const [row] = await cluster.query<{ upload_path: string; state: string }>('SELECT a.upload_path, a.state FROM application_answers a JOIN answer_uploads u ON u.answer_id = a.id WHERE u.id = ?', [
      uploadId,
    ]);
    expect(row).toEqual({ upload_path: `story/${uploadId}/index.m3u8`, state: 'done' });
    console.log(`kill mid-transcode: node ${holder} killed, node ${other} finished the job; playable ${readyMs} ms after the kill (lease ${JOBS_LEASE_MS} ms), ${keys.length} files`);

    await cluster.startAgain(holder);
  });

  it('node B killed in the middle of a stream of writes loses no accepted write, and haproxy stops using it within its check interval', async () => {
    // docs/deploy.md's detection bound: inter * fall, plus at most the check in flight at the kill
    // timing out. With observe layer4 + on-error mark-down, the first connection live traffic fails
    // to open to B takes it out sooner.
    const outAfterMs = CHECK_INTER_MS * CHECK_FALL + CHECK_TIMEOUT_MS;
    const tag = `w${Date.now()}`;
    type Result = { i: number; email: string; sentAt: number; status: number | 'error' };
    const results: Result[] = [];
    let next = 0;
    let accepted = 0;
    let killAt = 0;
    let downAt = 0;
    const start = Date.now();
    const keepGoing = () => !killAt || Date.now() < killAt + outAfterMs + 2000;

    const watch = (async () => {
      while (!killAt) await new Promise((r) => setTimeout(r, 20));
      while (!downAt && Date.now() < killAt + 10_000) {
        const states = await cluster.serverStates().catch(() => ({}) as Record<string, string>);
        if (states.b?.startsWith('DOWN')) downAt = Date.now();
        else await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const worker = async () => {
      while (keepGoing()) {
        const i = next++;
        const email = `${tag}-${i}@cluster.test`;
        const sentAt = Date.now();
        let res: Answer | undefined;
        try {
          res = await send(`${cluster.balancerUrl}/apis/submit-interest`, {
            ...json({ job_code: DEMO_JOB_CODE, email, firstname: 'Zoé', lastname: 'Écrit', phone_number: '+33612345678', accept_cgu: true }),
            from: sourceAddress(1000 + (i % 20000)),
          });
        } catch {
          res = undefined;
        }
        results.push({ i, email, sentAt, status: res?.status ?? 'error' });
        if (res && res.status < 300) accepted++;
        if (!killAt && (accepted >= 100 || Date.now() - start > 5000)) {
          killAt = Date.now();
          cluster.kill('b');
        }
      }
    };
    await Promise.all([...Array.from({ length: 12 }, worker), watch]);

    // Every accepted write is stored, exactly once.
    const okEmails = results.filter((r) => typeof r.status === 'number' && r.status < 300).map((r) => r.email);
    const stored = await cluster.query<{ email: string; n: number }>('SELECT email, COUNT(*) AS n FROM landing_interests WHERE email LIKE ? GROUP BY email', [`${tag}-%`]);
    const storedCount = new Map(stored.map((s) => [s.email, Number(s.n)]));
    expect(okEmails.filter((e) => storedCount.get(e) !== 1)).toEqual([]);
    expect([...storedCount.values()].filter((n) => n !== 1)).toEqual([]);

    // haproxy marked B down within the bound, and nothing failed after that.
    expect(downAt, 'haproxy never marked node b DOWN').toBeGreaterThan(0);
    expect(downAt - killAt).toBeLessThanOrEqual(outAfterMs);
    const failedLate = results.filter((r) => r.sentAt > killAt + outAfterMs && r.status !== 201);
    expect(failedLate).toEqual([]);
    const sentLate = results.filter((r) => r.sentAt > killAt + outAfterMs).length;
    expect(sentLate).toBeGreaterThan(20);
    // Not asserted here (tests/reliability owns that rule): a write B committed just before dying
    // answers 502 through haproxy although it is stored; the client's retry must be safe.
    const failed = results.filter((r) => r.status === 'error' || r.status >= 300);
    const storedAnyway = failed.filter((f) => storedCount.has(f.email)).length;
    console.log(
      `cluster kill: ${results.length} writes, ${okEmails.length} accepted, ${failed.length} failed around the kill ` +
        `(${failed.map((f) => f.status).join(',') || 'none'}; ${storedAnyway} of them stored anyway), B out after ${downAt - killAt} ms, ${sentLate} writes after that`,
    );
  });
});
