// What the demo-clip and presentation-video scripts share: coloured cards with a tone, made with
// ffmpeg's lavfi, encoded once at high quality before the product's own transcoder takes them.
import fs from 'node:fs';
import { runFfmpeg } from '../../api/integrations/ffmpeg.js';

export const TONES = [440, 494, 554, 587, 659];
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** A drawtext filter centring `text` (empty when the font is not installed: the card stays plain). */
export const centredText = (text: string, size: number) => (fs.existsSync(FONT) ? `,drawtext=fontfile=${FONT}:text='${text}':fontcolor=white:fontsize=${size}:x=(w-text_w)/2:y=(h-text_h)/2` : '');

/** The lavfi inputs of one card: a colour and a tone of `seconds`. */
export const cardInputs = (colour: string, size: string, tone: number, seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `color=c=${colour}:s=${size}:r=24:d=${seconds}`,
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=${tone}:sample_rate=44100:duration=${seconds}`,
];

/** Encodes `inputs` through `filterArgs` (-vf or -filter_complex and maps) into an H.264 + AAC source file. */
export async function encodeSource(bin: string, inputs: string[], filterArgs: string[], out: string): Promise<void> {
  const made = await runFfmpeg(bin, ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, ...filterArgs, '-c:v', 'libx264', '-preset', 'veryslow', '-crf', '18', '-c:a', 'aac', out]);
  if (made.code !== 0) throw new Error(`${out}: ${made.stderr}`);
}
