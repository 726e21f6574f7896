// Regenerates the demo story clips in seeders/media/story-N/ with the product's own transcoder
// (api/integrations/ffmpeg.ts transcodeToHls, the function every uploaded answer goes through), so
// the demo plays exactly what a real answer plays: H.264 + AAC HLS, 2 s segments, a poster. The
// sources are made here with ffmpeg's lavfi (a coloured card saying "Question N" and a tone).
// `npx tsx scripts/make-demo-clips.ts`; the outputs are committed (seeders/media/README.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSettings, ROOT_DIR } from '../config/settings.js';
import { ffmpegPath, transcodeToHls } from '../api/integrations/ffmpeg.js';
import { COMMITTED_SEGMENT } from '../seeders/demo.js';
import { cardInputs, centredText, encodeSource, TONES } from './lib/card-clips.js';

const COLOURS = ['0x6a1b9a', '0x00838f', '0xef6c00', '0x2e7d32', '0xc62828'];

const settings = loadSettings();
const bin = ffmpegPath(settings);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-demo-clips-'));
try {
  for (let n = 1; n <= COLOURS.length; n++) {
    const source = path.join(tmp, `source-${n}.mp4`);
    await encodeSource(bin, cardInputs(COLOURS[n - 1], '360x640', TONES[n - 1], 3), ['-vf', `format=yuv420p${centredText(`Question ${n}`, 44)}`], source);
    const out = path.join(ROOT_DIR, 'seeders', 'media', `story-${n}`);
    fs.rmSync(out, { recursive: true, force: true });
    const files = await transcodeToHls(bin, source, out, { preset: 'veryslow' });
    // Segments are committed as .mpegts, not .ts (a TypeScript extension to every tool); the seed
    // names them .ts again in storage.
    const committed = files.map((f) => f.replace(/\.ts$/, COMMITTED_SEGMENT));
    files.forEach((f, i) => f !== committed[i] && fs.renameSync(path.join(out, f), path.join(out, committed[i])));
    const playlist = path.join(out, 'index.m3u8');
    fs.writeFileSync(playlist, fs.readFileSync(playlist, 'utf8').replace(/\.ts$/gm, COMMITTED_SEGMENT));
    console.log(`story-${n}: ${committed.join(' ')}`);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
