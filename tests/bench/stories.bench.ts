// `npm run bench:stories`: on a generated 60 s 720x1280 30 fps answer (H.264/AAC, as a phone
// sends): the transcoder's speed per x264 preset (times real time), then the whole path on a real
// server on loopback with its in-process worker: tus upload throughput (5 MB PATCHes) and the time
// from the last uploaded byte to a playable playlist. Targets: >= 4x real time, playable <= 20 s.
// BENCH_PRESETS=veryfast,faster limits the presets measured. Says the machine's load: the numbers
// are only as good as the idle cores.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createTestContext } from '../helpers/app.js';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { bearer } from '../helpers/auth.js';
import { FFMPEG, makeVideo } from '../helpers/video.js';
import { createHttpServer } from '../../api/http-server.js';
import { transcodeToHls } from '../../api/integrations/ffmpeg.js';
import { startJobs } from '../../api/jobs/index.js';
import { AnswerUpload } from '../../models/index.js';

const SECONDS = 60;
const PRESETS = (process.env.BENCH_PRESETS ?? 'ultrafast,superfast,veryfast,faster').split(',');
const CHUNK = 5 * 1024 * 1024;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-bench-stories-'));
const rows: Array<[string, string, string]> = [];
/** Each measure is printed as soon as it is known, and all of them in a table at the end. */
const row = (r: [string, string, string]) => {
  rows.push(r);
  console.log(r.join(' — '));
};
const load = () => os.loadavg()[0].toFixed(1);

console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1/5/15 min); ffmpeg ${FFMPEG}`,
);
let t = Date.now();
// BENCH_SOURCE=<file>: reuse a source made by an earlier run (making it takes a while on a busy machine).
const source = process.env.BENCH_SOURCE ?? makeVideo({ seconds: SECONDS, width: 720, height: 1280, fps: 30, bitrate: '8M', grain: true }, dir);
const bytes = fs.statSync(source).size;
console.log(
  `source: ${SECONDS} s 720x1280 30 fps, 8 Mbit/s with moving grain (a phone's recording), ${(bytes / 1e6).toFixed(1)} MB, ${process.env.BENCH_SOURCE ? `reused from ${process.env.BENCH_SOURCE}` : `generated in ${((Date.now() - t) / 1000).toFixed(1)} s`}`,
);

for (const preset of PRESETS) {
  const out = path.join(dir, `hls-${preset}`);
  t = Date.now();
  const files = await transcodeToHls(FFMPEG, source, out, { preset });
  const s = (Date.now() - t) / 1000;
  const size = files.reduce((n, f) => n + fs.statSync(path.join(out, f)).size, 0);
  row([`transcode, preset ${preset}`, `${(SECONDS / s).toFixed(1)}x real time (${s.toFixed(1)} s)`, `${(size / 1e6).toFixed(1)} MB, load ${load()}`]);
}

// The whole path, on the server's own default preset.
const ctx = await createTestContext({ JOBS_POLL_MS: '100' });
const server = createHttpServer(ctx.app);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const worker = startJobs(ctx.deps);
try {
  const recruiter = await makeUser({ profile: 'recruiter' });
  const offer = await makeOffer(recruiter);
  const auth = await bearer(await makeUser({ profile: 'candidate' }));
  const started = (await (
    await fetch(`${base}/apis/candidate/applications`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ job_code: offer.job_code }) })
  ).json()) as { id: number };
  const b64 = (v: string) => Buffer.from(v).toString('base64');
  const created = await fetch(`${base}/apis/candidate/uploads`, {
    method: 'POST',
    headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes), 'Upload-Metadata': `application_id ${b64(String(started.id))},qid ${b64('q1')}` },
  });
  const location = created.headers.get('location')!;
  const file = fs.readFileSync(source);
  const patch = (offset: number, body: Buffer) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}${location}`, {
        method: 'PATCH',
        headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(body.length) },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 204 ? resolve(Number(res.headers['upload-offset'])) : reject(new Error(`PATCH answered ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
  // Bytes before the last chunk measure the upload alone; the last PATCH also runs the content check and the copy to storage.
  t = Date.now();
  let offset = 0;
  while (offset + CHUNK < bytes) offset = await patch(offset, file.subarray(offset, offset + CHUNK));
  const uploadS = (Date.now() - t) / 1000;
  row(['tus upload on loopback (5 MB PATCHes)', `${((offset * 8) / 1e6 / uploadS).toFixed(0)} Mbit/s`, `${(offset / 1e6).toFixed(1)} MB in ${uploadS.toFixed(2)} s`]);
  const lastByte = Date.now();
  await patch(offset, file.subarray(offset));
  const accepted = (Date.now() - lastByte) / 1000;
  const id = location.split('/').pop()!;
  for (;;) {
    const u = await AnswerUpload.findByPk(id);
    if (u?.state === 'ready') break;
    if (u?.state === 'failed') throw new Error(`transcode failed: ${u.error_code}`);
    if (Date.now() - lastByte > 300_000) throw new Error('not playable after 300 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const playable = (Date.now() - lastByte) / 1000;
  row([`last byte -> playable playlist (preset ${ctx.settings.video.x264Preset})`, `${playable.toFixed(1)} s`, `check + copy ${accepted.toFixed(1)} s, target <= 20 s, load ${load()}`]);
} finally {
  await worker.stop(5000);
  server.close();
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

const width = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length))];
console.log(`\n| measure${' '.repeat(width[0] - 7)} | result${' '.repeat(width[1] - 6)} | notes |`);
console.log(`|${'-'.repeat(width[0] + 2)}|${'-'.repeat(width[1] + 2)}|-------|`);
for (const [a, b, c] of rows) console.log(`| ${a.padEnd(width[0])} | ${b.padEnd(width[1])} | ${c} |`);
process.exit(0);
