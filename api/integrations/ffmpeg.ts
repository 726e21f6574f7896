// ffmpeg: the one module that runs it (docs/decisions/127-transcoding.md, 175). The binary is
// FFMPEG_PATH, else the system's /usr/bin/ffmpeg when installed, else the one
// @ffmpeg-installer/ffmpeg ships for this platform (npm install alone is enough). That package has no ffprobe: files are probed with `ffmpeg -i`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Settings } from '../../config/settings.js';
import { STORY_MAX_HEIGHT, STORY_MAX_WIDTH, STORY_SEGMENT_SECONDS } from '../../models/rules/video.js';

export class FfmpegMissingError extends Error {
  override name = 'FfmpegMissingError';
}

/** Debian's ffmpeg (`apt-get install -y ffmpeg`): used when present and FFMPEG_PATH is unset. */
export const SYSTEM_FFMPEG = '/usr/bin/ffmpeg';

/**
 * The ffmpeg to run: FFMPEG_PATH; else the system's (Debian's, kept up to date by the
 * distribution, and its x264 takes about a third less CPU at the default preset, decision 175);
 * else the packaged binary, so that `npm install` alone is enough. Throws FfmpegMissingError when
 * none exists.
 */
export function ffmpegPath(settings: Pick<Settings, 'video'>): string {
  if (settings.video.ffmpegPath) return settings.video.ffmpegPath;
  if (existsSync(SYSTEM_FFMPEG)) return SYSTEM_FFMPEG;
  return packagedFfmpeg();
}

/** The binary @ffmpeg-installer/ffmpeg ships for this platform (npm install alone). */
export function packagedFfmpeg(): string {
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch (e) {
    throw new FfmpegMissingError(`no ffmpeg for this platform in @ffmpeg-installer/ffmpeg (${(e as Error).message}); set FFMPEG_PATH`);
  }
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs ffmpeg with these arguments; stderr is kept (its last 64 KB). Never throws for a non-zero exit. */
export function runFfmpeg(bin: string, args: string[], signal?: AbortSignal): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], signal });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      stderr = (stderr + d).slice(-65_536);
    });
    child.on('error', (e) => {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EACCES') reject(new FfmpegMissingError(`ffmpeg cannot run at ${bin}: ${(e as Error).message}`));
      else reject(e);
    });
    child.on('close', (code, sig) => resolve({ code, signal: sig, stderr }));
  });
}

/** Checks that the binary runs and is an ffmpeg with libx264 and the HLS muxer: the start check and /readyz. */
export async function checkFfmpeg(bin: string): Promise<string> {
  const out = await runFfmpeg(bin, ['-hide_banner', '-version']).catch((e: Error) => {
    throw e instanceof FfmpegMissingError ? e : new FfmpegMissingError(e.message);
  });
  // -version prints on stdout, which we ignore: ask for the encoders instead, on stderr via -v.
  if (out.code !== 0) throw new FfmpegMissingError(`ffmpeg at ${bin} exited with ${out.code ?? out.signal}`);
  const enc = await new Promise<string>((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-encoders'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => (text += d));
    child.on('error', reject);
    child.on('close', () => resolve(text));
  });
  if (!/\blibx264\b/.test(enc)) throw new FfmpegMissingError(`ffmpeg at ${bin} has no libx264 encoder`);
  if (!/\baac\b/.test(enc)) throw new FfmpegMissingError(`ffmpeg at ${bin} has no aac encoder`);
  return bin;
}

export interface Probe {
  /** A decodable video stream is there. */
  video: boolean;
  audio: boolean;
  /** Null when the container does not say and decoding found no frame. */
  durationMs: number | null;
  width: number | null;
  height: number | null;
}

const toMs = (h: string, m: string, s: string) => Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000);

/**
 * What a file is, by its content: `ffmpeg -i` (no ffprobe in the package). When the container
 * gives no duration (a browser's MediaRecorder WebM), the video stream is read through (copy, no
 * decoding) and its last timestamp is the duration.
 */
export async function probe(bin: string, file: string): Promise<Probe> {
  const info = await runFfmpeg(bin, ['-hide_banner', '-nostdin', '-i', file]);
  const text = info.stderr;
  const videoLine = /Stream #\d+:\d+.*?: Video: (?!mjpeg|png|bmp)[^\n]*/.exec(text)?.[0];
  const video = !!videoLine && !/Invalid data found|could not find codec parameters/i.test(text.split('\n').slice(-3).join('\n'));
  const audio = /Stream #\d+:\d+.*?: Audio: /.test(text);
  const dims = videoLine ? /, (\d{2,5})x(\d{2,5})/.exec(videoLine) : null;
  let durationMs: number | null = null;
  const d = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(text);
  if (d) durationMs = toMs(d[1], d[2], d[3]);
  if (video && durationMs === null) {
    const read = await runFfmpeg(bin, ['-hide_banner', '-nostdin', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'null', '-']);
    const times = [...read.stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
    if (times.length) {
      const last = times[times.length - 1];
      durationMs = toMs(last[1], last[2], last[3]);
    }
  }
  return { video, audio, durationMs, width: dims ? Number(dims[1]) : null, height: dims ? Number(dims[2]) : null };
}

/** Scales into the 9:16 box (at most 720x1280), never up, even dimensions (x264 with yuv420p). */
const SCALE = `scale='trunc(min(1,min(${STORY_MAX_WIDTH}/iw,${STORY_MAX_HEIGHT}/ih))*iw/2)*2':'trunc(min(1,min(${STORY_MAX_WIDTH}/iw,${STORY_MAX_HEIGHT}/ih))*ih/2)*2'`;

export interface HlsOptions {
  preset: string;
  /** Aborts ffmpeg (the job's lease was lost, the worker stops). */
  signal?: AbortSignal;
  threads?: number;
}

/**
 * Transcodes `input` into `outDir` in one ffmpeg run: index.m3u8 (VOD), seg000.ts… (H.264 main +
 * AAC, a keyframe every 2 s so segments are about 2 s) and poster.jpg (the first frame). Throws with ffmpeg's last lines on failure.
 */
export async function transcodeToHls(bin: string, input: string, outDir: string, options: HlsOptions): Promise<string[]> {
  await fs.mkdir(outDir, { recursive: true });
  const seg = STORY_SEGMENT_SECONDS;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-i',
    input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    // A browser's MediaRecorder webm can hold many audio packets before the first video frame:
    // without a larger muxing queue ffmpeg stops with "Too many packets buffered for output
    // stream" (seen on Chromium recordings in tests/e2e/portal/apply.test.ts).
    '-max_muxing_queue_size',
    '4096',
    '-vf',
    `${SCALE},fps=fps=30:round=down`,
    '-c:v',
    'libx264',
    '-preset',
    options.preset,
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '23',
    '-maxrate',
    '2500k',
    '-bufsize',
    '5000k',
    '-force_key_frames',
    `expr:gte(t,n_forced*${seg})`,
    '-sc_threshold',
    '0',
    ...(options.threads ? ['-threads', String(options.threads)] : []),
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ac',
    '2',
    '-ar',
    '44100',
    '-f',
    'hls',
    '-hls_time',
    String(seg),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(outDir, 'seg%03d.ts'),
    path.join(outDir, 'index.m3u8'),
    // The poster, a second output of the same run: the file is read and decoded once.
    '-map',
    '0:v:0',
    '-vf',
    SCALE,
    '-frames:v',
    '1',
    '-q:v',
    '4',
    path.join(outDir, 'poster.jpg'),
  ];
  const out = await runFfmpeg(bin, args, options.signal);
  if (out.code !== 0) throw new Error(`ffmpeg failed (${out.code ?? out.signal}): ${out.stderr.trim().split('\n').slice(-5).join(' | ')}`);
  const files = (await fs.readdir(outDir)).sort();
  if (!files.includes('poster.jpg')) throw new Error('ffmpeg wrote no poster');
  return files;
}

/** The /readyz check: ffmpeg runs with libx264 and aac. A success is remembered for a minute (the balancer asks often). */
export function ffmpegReadiness(settings: Pick<Settings, 'video'>, okForMs = 60_000): () => Promise<void> {
  let okUntil = 0;
  return async () => {
    if (Date.now() < okUntil) return;
    await checkFfmpeg(ffmpegPath(settings));
    okUntil = Date.now() + okForMs;
  };
}
