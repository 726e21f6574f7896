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
export function ffmpegPath(settings: { video: Pick<Settings['video'], 'ffmpegPath'> }): string {
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
  /** What ffmpeg wrote on stdout, when asked for (`keepStdout`); else empty. */
  stdout: Buffer;
}

/**
 * Runs ffmpeg with these arguments; stderr is kept (its last 64 KB), stdout only with keepStdout
 * (a muxer writing to pipe:1). Never throws for a non-zero exit.
 */
export function runFfmpeg(bin: string, args: string[], signal?: AbortSignal, keepStdout = false): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', keepStdout ? 'pipe' : 'ignore', 'pipe'], signal });
    let stderr = '';
    const out: Buffer[] = [];
    child.stdout?.on('data', (d: Buffer) => out.push(d));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (d: string) => {
      stderr = (stderr + d).slice(-65_536);
    });
    child.on('error', (e) => {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EACCES') reject(new FfmpegMissingError(`ffmpeg cannot run at ${bin}: ${(e as Error).message}`));
      else reject(e);
    });
    child.on('close', (code, sig) => resolve({ code, signal: sig, stderr, stdout: Buffer.concat(out) }));
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

/** The HLS output of both paths: index.m3u8 (VOD) and seg000.ts…. */
function hlsOutput(outDir: string): string[] {
  return ['-f', 'hls', '-hls_time', String(STORY_SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_segment_filename', path.join(outDir, 'seg%03d.ts'), path.join(outDir, 'index.m3u8')];
}

/** poster.jpg from the first frame, scaled into the box like the video. */
const posterOutput = (outDir: string) => ['-map', '0:v:0', '-vf', SCALE, '-frames:v', '1', '-q:v', '4', path.join(outDir, 'poster.jpg')];

/** AAC 96 kbit/s stereo 44.1 kHz: the sound of every story that was not AAC already. */
const AAC = ['-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-ar', '44100'];

async function runHls(bin: string, args: string[], outDir: string, signal?: AbortSignal, alongside: string[][] = []): Promise<string[]> {
  await fs.mkdir(outDir, { recursive: true });
  for (const out of await Promise.all([args, ...alongside].map((a) => runFfmpeg(bin, a, signal)))) {
    if (out.code !== 0) throw new Error(`ffmpeg failed (${out.code ?? out.signal}): ${out.stderr.trim().split('\n').slice(-5).join(' | ')}`);
  }
  const files = (await fs.readdir(outDir)).sort();
  if (!files.includes('poster.jpg')) throw new Error('ffmpeg wrote no poster');
  if (!files.includes('index.m3u8')) throw new Error('ffmpeg wrote no playlist');
  return files;
}

/**
 * Transcodes `input` into `outDir` in one ffmpeg run: index.m3u8 (VOD), seg000.ts… (H.264 main +
 * AAC, a keyframe every 2 s so segments are about 2 s) and poster.jpg (the first frame). Throws with ffmpeg's last lines on failure.
 */
export async function transcodeToHls(bin: string, input: string, outDir: string, options: HlsOptions): Promise<string[]> {
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
    ...AAC,
    ...hlsOutput(outDir),
    // The poster, a second output of the same run: the file is read and decoded once.
    ...posterOutput(outDir),
  ];
  return runHls(bin, args, outDir, options.signal);
}

/** H.264 profiles every HLS player decodes (profile_idc): baseline (and constrained baseline), main, high. */
const COPY_PROFILES = new Set([66, 77, 100]);
/** Level 4.2 (level_idc 42): 1080p at 60 fps, far above a story's 720x1280; the players' common limit. */
const COPY_MAX_LEVEL = 42;
/**
 * Copied segments are cut on the source's keyframes: at most this many seconds apart (segments of
 * 2 to 4 s), else the stream is re-encoded with a keyframe every 2 s.
 */
const COPY_MAX_KEYFRAME_GAP_S = 2 * STORY_SEGMENT_SECONDS;
/** Above this (video and sound, bit/s) a story would stall on a phone's connection: re-encoded to the transcoder's 2.5 Mbit/s cap. */
const COPY_MAX_BITRATE = 10_000_000;

/** How a file becomes a story: the video copied or re-encoded, the sound copied, re-encoded or absent, and why. */
export interface HlsPlan {
  video: 'copy' | 'encode';
  audio: 'copy' | 'encode' | 'none';
  /** Why the video is re-encoded ('' when copied). */
  reason: string;
}

/** profile_idc and level_idc of the first SPS (NAL type 7) in an Annex B H.264 stream; null when there is none. */
function spsOf(annexB: Buffer): { profile: number; level: number } | null {
  for (let i = 0; i + 6 < annexB.length; i++) {
    if (annexB[i] === 0 && annexB[i + 1] === 0 && annexB[i + 2] === 1 && (annexB[i + 3] & 0x1f) === 7) return { profile: annexB[i + 4], level: annexB[i + 6] };
  }
  return null;
}

/** Keyframe spacing and bit rate of the video stream, read through without decoding (framecrc lists each packet: timestamps, size, flags). */
function packetsOf(framecrc: string): { firstIsKey: boolean; maxGapS: number; bitsPerSecond: number } | null {
  const tb = /^#tb 0: (\d+)\/(\d+)$/m.exec(framecrc);
  if (!tb) return null;
  const unit = Number(tb[1]) / Number(tb[2]);
  const keys: number[] = [];
  let first: boolean | null = null;
  let start = Infinity;
  let end = -Infinity;
  let bytes = 0;
  for (const line of framecrc.split('\n')) {
    const m = /^0,\s*-?\d+,\s*(-?\d+),\s*(\d+),\s*(\d+), 0x[0-9a-f]+(?:, F=0x([0-9a-f]+))?/i.exec(line);
    if (!m) continue;
    const pts = Number(m[1]) * unit;
    const key = m[4] === undefined || (parseInt(m[4], 16) & 1) === 1;
    if (first === null) first = key;
    if (key) keys.push(pts);
    start = Math.min(start, pts);
    end = Math.max(end, pts + Number(m[2]) * unit);
    bytes += Number(m[3]);
  }
  if (first === null || end <= start) return null;
  keys.sort((a, b) => a - b);
  let maxGapS = 0;
  for (let i = 0; i < keys.length; i++) maxGapS = Math.max(maxGapS, (i + 1 < keys.length ? keys[i + 1] : end) - keys[i]);
  return { firstIsKey: first, maxGapS, bitsPerSecond: (bytes * 8) / (end - start) };
}

/**
 * Whether `input` can be packaged as it is (decision 390): H.264 baseline/main/high up to level
 * 4.2, yuv420p, no rotation to apply, inside the 720x1280 box, keyframes at most 4 s apart from
 * the first packet, at most 10 Mbit/s. Its sound is copied when AAC, re-encoded otherwise (Opus,
 * Vorbis…). Anything else, or anything unreadable, is re-encoded as before.
 */
export async function hlsPlan(bin: string, input: string, signal?: AbortSignal): Promise<HlsPlan> {
  // These runs begin '-nostdin -hide_banner': not the content check nor the packaging run a test holds (tests/helpers/video.ts).
  const info = (await runFfmpeg(bin, ['-nostdin', '-hide_banner', '-i', input], signal)).stderr;
  const audioLine = /Stream #\d+:\d+.*?: Audio: ([^\n]*)/.exec(info)?.[1];
  const audio = !audioLine ? 'none' : /^aac\b/.test(audioLine) && !/\b(?:5\.1|7\.1|quad|\d+ channels)\b/.test(audioLine) ? 'copy' : 'encode';
  const encode = (reason: string): HlsPlan => ({ video: 'encode', audio: audio === 'none' ? 'none' : 'encode', reason });
  const videoLine = /Stream #\d+:\d+.*?: Video: ([^\n]*)/.exec(info)?.[1];
  if (!videoLine) return encode('no video stream');
  const codec = /^(\w+)/.exec(videoLine)?.[1] ?? '?';
  if (codec !== 'h264') return encode(`video codec ${codec}`);
  const pixFmt = /^[^,]*, (\w+)/.exec(videoLine)?.[1] ?? '?';
  if (pixFmt !== 'yuv420p') return encode(`pixel format ${pixFmt}`);
  const dims = /, (\d{2,5})x(\d{2,5})/.exec(videoLine);
  if (!dims || Number(dims[1]) > STORY_MAX_WIDTH || Number(dims[2]) > STORY_MAX_HEIGHT) return encode(`size ${dims ? `${dims[1]}x${dims[2]}` : 'unknown'}`);
  const rotation = /rotation of (-?[\d.]+) degrees/.exec(info)?.[1] ?? /^\s*rotate\s*: (-?\d+)/m.exec(info)?.[1];
  if (rotation && Number(rotation) % 360 !== 0) return encode(`rotated ${rotation}`);
  // The first frame's parameter set and the packets' list, read at once (copies, no decoding).
  const copyOut = (format: string, more: string[] = []) =>
    runFfmpeg(bin, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', input, '-map', '0:v:0', '-c', 'copy', ...more, '-f', format, 'pipe:1'], signal, true);
  const [first, list] = await Promise.all([copyOut('h264', ['-frames:v', '1']), copyOut('framecrc')]);
  const sps = spsOf(first.stdout);
  if (!sps) return encode('no H.264 parameter set');
  if (!COPY_PROFILES.has(sps.profile)) return encode(`H.264 profile ${sps.profile}`);
  if (sps.level > COPY_MAX_LEVEL) return encode(`H.264 level ${sps.level / 10}`);
  const packets = packetsOf(list.stdout.toString('utf8'));
  if (!packets) return encode('no video packets');
  if (!packets.firstIsKey) return encode('does not begin with a keyframe');
  if (packets.maxGapS > COPY_MAX_KEYFRAME_GAP_S) return encode(`keyframes ${packets.maxGapS.toFixed(1)} s apart`);
  if (packets.bitsPerSecond > COPY_MAX_BITRATE) return encode(`${(packets.bitsPerSecond / 1e6).toFixed(1)} Mbit/s`);
  return { video: 'copy', audio, reason: '' };
}

/**
 * Packages a stream the players take as it is (hlsPlan): the video copied into the segments, cut
 * on its own keyframes (about 2 s each, longer when its keyframes are further apart), the sound
 * copied when AAC else re-encoded. The poster is a second run beside it that decodes the first
 * frame only (as a second output of the copy, the decoder would go through the whole file: most
 * of the copy's CPU). Same files as transcodeToHls.
 */
export async function copyToHls(bin: string, input: string, outDir: string, plan: HlsPlan, signal?: AbortSignal): Promise<string[]> {
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
    '-max_muxing_queue_size',
    '4096',
    '-c:v',
    'copy',
    ...(plan.audio === 'copy' ? ['-c:a', 'copy'] : AAC),
    ...hlsOutput(outDir),
  ];
  // Begins '-nostdin -hide_banner': a test holding the packaging holds the copy only (tests/helpers/video.ts).
  const poster = ['-nostdin', '-hide_banner', '-y', '-loglevel', 'error', '-i', input, ...posterOutput(outDir)];
  return runHls(bin, args, outDir, signal, [poster]);
}

/**
 * A stored answer to HLS by the quickest path that plays everywhere: packaged as it is when
 * hlsPlan says so, else transcoded; a packaging that fails is retried as a transcode. Answers
 * the files and how the video was made.
 */
export async function storyToHls(bin: string, input: string, outDir: string, options: HlsOptions): Promise<{ files: string[]; video: 'copy' | 'encode'; reason: string }> {
  const plan = await hlsPlan(bin, input, options.signal);
  if (plan.video === 'copy') {
    try {
      return { files: await copyToHls(bin, input, outDir, plan, options.signal), video: 'copy', reason: '' };
    } catch (e) {
      options.signal?.throwIfAborted();
      await fs.rm(outDir, { recursive: true, force: true });
      plan.reason = `packaging failed: ${(e as Error).message.slice(0, 200)}`;
    }
  }
  return { files: await transcodeToHls(bin, input, outDir, options), video: 'encode', reason: plan.reason };
}

/** The /readyz check: ffmpeg runs with libx264 and aac. A success is remembered for a minute (the balancer asks often). */
export function ffmpegReadiness(settings: { video: Pick<Settings['video'], 'ffmpegPath'> }, okForMs = 60_000): () => Promise<void> {
  let okUntil = 0;
  return async () => {
    if (Date.now() < okUntil) return;
    await checkFfmpeg(ffmpegPath(settings));
    okUntil = Date.now() + okForMs;
  };
}
