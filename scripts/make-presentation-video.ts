// Makes the home page's presentation video (portal/public/presentation-video/) with the product's own
// transcoder, as the demo's story clips are (seeders/media/README.md): transcodeToHls, the function
// every uploaded answer goes through (H.264 main + AAC, a poster), then its segments remuxed without
// re-encoding into one MP4 (faststart) that a <video> plays with no script (docs/decisions/293-home-presentation.md).
// The picture has no words: five numbered cards, one per step of the home page; the words come as a
// caption track in the visitor's language (/presentation-captions/{lang}).
// `npx tsx scripts/make-presentation-video.ts`; the outputs are committed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSettings, ROOT_DIR } from '../config/settings.js';
import { ffmpegPath, runFfmpeg, transcodeToHls } from '../api/integrations/ffmpeg.js';
import { cardInputs, centredText, encodeSource, TONES } from './lib/card-clips.js';
import { PRESENTATION_STEP_SECONDS } from '../portal/app/lib/presentation.js';

const COLOURS = ['0x5b2a86', '0x00838f', '0xef6c00', '0x2e7d32', '0xc62828'];
const S = PRESENTATION_STEP_SECONDS;

const settings = loadSettings();
const bin = ffmpegPath(settings);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-presentation-'));
try {
  const inputs: string[] = [];
  const filters: string[] = [];
  COLOURS.forEach((colour, i) => {
    inputs.push(...cardInputs(colour, '640x360', TONES[i], S));
    const number = centredText(String(i + 1), 160);
    // A white bar fills along the bottom while the step lasts: the picture moves.
    filters.push(`[${2 * i}:v]format=yuv420p${number},drawbox=x=0:y=ih-12:w=iw*t/${S}:h=12:color=white@0.9:t=fill[v${i}]`, `[${2 * i + 1}:a]volume=0.2[a${i}]`);
  });
  const chain = COLOURS.map((_, i) => `[v${i}][a${i}]`).join('');
  const source = path.join(tmp, 'source.mp4');
  await encodeSource(bin, inputs, ['-filter_complex', `${filters.join(';')};${chain}concat=n=${COLOURS.length}:v=1:a=1[v][a]`, '-map', '[v]', '-map', '[a]'], source);
  const hls = path.join(tmp, 'hls');
  await transcodeToHls(bin, source, hls, { preset: 'veryslow' });
  const out = path.join(ROOT_DIR, 'portal', 'public', 'presentation-video');
  fs.mkdirSync(out, { recursive: true });
  const mp4 = path.join(out, 'presentation.mp4');
  const remux = await runFfmpeg(bin, ['-hide_banner', '-loglevel', 'error', '-y', '-i', path.join(hls, 'index.m3u8'), '-c', 'copy', '-bsf:a', 'aac_adtstoasc', '-movflags', '+faststart', mp4]);
  if (remux.code !== 0) throw new Error(`mp4: ${remux.stderr}`);
  fs.copyFileSync(path.join(hls, 'poster.jpg'), path.join(out, 'poster.jpg'));
  console.log(`${mp4}: ${fs.statSync(mp4).size} bytes`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
