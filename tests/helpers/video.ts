// Test videos made by the real ffmpeg (lavfi testsrc + sine sources), never committed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../../api/integrations/ffmpeg.js';

export const FFMPEG = ffmpegPath({ video: { ffmpegPath: process.env.FFMPEG_PATH, x264Preset: 'veryfast', uploadDir: '' } });

export interface VideoSpec {
  seconds: number;
  width?: number;
  height?: number;
  fps?: number;
  /** mp4 (H.264/AAC) or webm (VP8/Vorbis, as a browser's MediaRecorder writes) */
  format?: 'mp4' | 'webm';
}

/** Generates a video file and answers its path (in a temporary folder). */
export function makeVideo(spec: VideoSpec, dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-video-'))): string {
  const { seconds, width = 360, height = 640, fps = 30, format = 'mp4' } = spec;
  const file = path.join(dir, `answer-${seconds}s-${width}x${height}.${format}`);
  const codecs =
    format === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac']
      : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-c:a', 'libvorbis'];
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
      `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
      ...codecs,
      '-shortest',
      file,
    ],
    { encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(`ffmpeg could not make the test video: ${out.stderr}`);
  return file;
}
