// Test videos made by the real ffmpeg (lavfi testsrc + sine sources), never committed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../../api/integrations/ffmpeg.js';

export const FFMPEG = ffmpegPath({ video: { ffmpegPath: process.env.FFMPEG_PATH } });

export interface VideoSpec {
  seconds: number;
  width?: number;
  height?: number;
  fps?: number;
  /**
   * mp4 (H.264/AAC, as a phone's camera app writes), webm (VP8/Vorbis), or mediarecorder: a WebM
   * as Chromium's MediaRecorder writes it (VP8 in real-time mode at 2.5 Mbit/s, its default, a
   * keyframe every 100 frames, Opus mono 48 kHz, no duration and no cues in the file);
   * mediarecorder-h264: what it writes when the recorder asks for
   * `video/mp4;codecs=avc1.42E01F,opus` (H.264 constrained baseline at 2.5 Mbit/s, a keyframe
   * every 2 s, Opus, in a fragmented MP4 whose moov comes first and holds no samples).
   */
  format?: 'mp4' | 'webm' | 'mediarecorder' | 'mediarecorder-h264';
  /** Video bit rate, e.g. '8M' as a phone records (default: the encoder's choice, small for testsrc). */
  bitrate?: string;
  /** Moving grain over the picture: content as hard to encode as a camera's, for honest speed figures. */
  grain?: boolean;
  /** mp4: frames between keyframes (default: one a second, as a phone's camera app writes). */
  gop?: number;
  /** mp4: the H.264 pixel format (default yuv420p). */
  pixFmt?: string;
  /** mp4: extra x264 arguments (a profile or level). */
  x264?: string[];
}

/** Generates a video file and answers its path (in a temporary folder). */
export function makeVideo(spec: VideoSpec, dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-video-'))): string {
  const { seconds, width = 360, height = 640, fps = 30, format = 'mp4', bitrate, grain = false, gop = fps, pixFmt = 'yuv420p', x264 = [] } = spec;
  const file = path.join(dir, `answer-${seconds}s-${width}x${height}${format.startsWith('mediarecorder') ? `-${format}` : ''}.${format === 'mp4' || format === 'mediarecorder-h264' ? 'mp4' : 'webm'}`);
  const rate = bitrate ? ['-b:v', bitrate, '-maxrate', bitrate, '-bufsize', bitrate] : [];
  const codecs =
    format === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', ...rate, '-g', String(gop), ...x264, '-pix_fmt', pixFmt, '-c:a', 'aac']
      : format === 'mediarecorder-h264'
        ? [
            ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-b:v', bitrate ?? '2500k', '-g', String(2 * fps), '-pix_fmt', 'yuv420p'],
            ...['-c:a', 'libopus', '-ac', '1', '-ar', '48000', '-b:a', '64k', '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof'],
          ]
        : format === 'mediarecorder'
          ? [
              ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', bitrate ?? '2500k', '-g', '100', '-lag-in-frames', '0', '-auto-alt-ref', '0'],
              ...['-c:a', 'libopus', '-ac', '1', '-ar', '48000', '-b:a', '64k', '-f', 'webm', '-live', '1'],
            ]
          : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', bitrate ?? '300k', '-c:a', 'libvorbis'];
  const filters = grain ? ['-vf', 'noise=alls=12:allf=t'] : [];
  const out = spawnSync(
    FFMPEG,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=${format.startsWith('mediarecorder') ? 48000 : 44100}:duration=${seconds}`,
      ...filters,
      ...codecs,
      '-shortest',
      file,
    ],
    { encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(`ffmpeg could not make the test video: ${out.stderr}`);
  return file;
}

/** The runs of ffmpeg a test can hold: the content check of a received answer (the probe), a transcode. */
export type FfmpegStep = 'check' | 'transcode';

/** How each step's command line begins (api/integrations/ffmpeg.ts: probe, transcodeToHls). */
const STEP_ARGS: Record<FfmpegStep, string> = { check: '-hide_banner -nostdin -i', transcode: '-hide_banner -nostdin -y' };

export interface HeldFfmpeg {
  /** The wrapper to give as FFMPEG_PATH. */
  bin: string;
  /** From now on, each run of this step waits before it starts. */
  hold(step?: FfmpegStep): void;
  /** The waiting runs of this step (of every step when none is named) go on, and later ones do not wait. */
  release(step?: FfmpegStep): void;
  /** Resolves with the pids of the runs of this step waiting (the wrappers' own), once at least one waits. */
  started(step?: FfmpegStep, timeoutMs?: number): Promise<number[]>;
}

/**
 * The real ffmpeg behind a wrapper that can hold a step at its start: the check of a received
 * answer (the bytes all on disk, nothing checked yet) or a transcode (the source fetched, no story
 * stored yet). A test sees the step begin (`started`), does what must happen at that moment (a
 * retake, a kill -9 of the server, a deletion) and releases it. Other runs (-version, a step not
 * held) go straight through.
 */
export function heldFfmpeg(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-held-ffmpeg-'))): HeldFfmpeg {
  const bin = path.join(dir, 'ffmpeg');
  const gate = (step: FfmpegStep) => path.join(dir, `hold-${step}`);
  const waiting = (step: FfmpegStep) => path.join(dir, `started-${step}`);
  const steps = Object.keys(STEP_ARGS) as FfmpegStep[];
  fs.writeFileSync(
    bin,
    [
      '#!/bin/sh',
      ...steps.map((step) =>
        [`if [ "$1 $2 $3" = '${STEP_ARGS[step]}' ] && [ -f '${gate(step)}' ]; then`, `  echo $$ >> '${waiting(step)}'`, `  while [ -f '${gate(step)}' ]; do sleep 0.05; done`, 'fi'].join('\n'),
      ),
      `exec '${FFMPEG}' "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  return {
    bin,
    hold: (step = 'check') => fs.writeFileSync(gate(step), ''),
    release: (step) => {
      for (const s of step ? [step] : steps) fs.rmSync(gate(s), { force: true });
    },
    async started(step = 'check', timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const file = waiting(step);
        const pids = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : [];
        if (pids.length) {
          fs.rmSync(file, { force: true });
          return pids;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no ${step} started`);
    },
  };
}
