// Regenerates the demo story clips in seeders/media/story-N/ with the product's own transcoder
// (api/integrations/ffmpeg.ts transcodeToHls, the function every uploaded answer goes through), so
// the demo plays exactly what a real answer plays: H.264 + AAC HLS, 2 s segments, a poster. The
// sources are made here with ffmpeg's lavfi (a coloured card saying "Question N" and a tone).
// `npx tsx scripts/make-demo-clips.ts`; the outputs are committed (seeders/media/README.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSettings, ROOT_DIR } from '../config/settings.js';
import { ffmpegPath, runFfmpeg, transcodeToHls } from '../api/integrations/ffmpeg.js';

const COLOURS = ['0x6a1b9a', '0x00838f', '0xef6c00', '0x2e7d32', '0xc62828'];
const TONES = [440, 494, 554, 587, 659];
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

const settings = loadSettings();
const bin = ffmpegPath(settings);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-demo-clips-'));
try {
  for (let n = 1; n <= COLOURS.length; n++) {
    const source = path.join(tmp, `source-${n}.mp4`);
    const text = fs.existsSync(FONT) ? `,drawtext=fontfile=${FONT}:text='Question ${n}':fontcolor=white:fontsize=44:x=(w-text_w)/2:y=(h-text_h)/2` : '';
    const made = await runFfmpeg(bin, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=${COLOURS[n - 1]}:s=360x640:r=24:d=3`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${TONES[n - 1]}:sample_rate=44100:duration=3`,
      '-vf',
      `format=yuv420p${text}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '18',
      '-c:a',
      'aac',
      source,
    ]);
    if (made.code !== 0) throw new Error(`source ${n}: ${made.stderr}`);
    const out = path.join(ROOT_DIR, 'seeders', 'media', `story-${n}`);
    fs.rmSync(out, { recursive: true, force: true });
    const files = await transcodeToHls(bin, source, out, { preset: 'veryslow' });
    console.log(`story-${n}: ${files.join(' ')}`);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
