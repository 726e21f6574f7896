// A separate process that finishes the answer uploads whose last byte is on disk
// (finishReceivedUploads, as the start-up job and the hourly sweep do), printing how many it settled.
// Usage: tsx tests/helpers/finish-received.ts <DATABASE_URL> <STORAGE_DIR> <UPLOAD_TMP_DIR>
// It connects, prints "ready", and starts only once a line arrives on its standard input, so that a
// test starts two of them at the same moment.
import readline from 'node:readline';
import { pino } from 'pino';
import { loadSettings } from '../../config/settings.js';
import { openDatabase } from '../../models/boot.js';
import { createStorage } from '../../api/integrations/storage.js';
import { uploadStoreFor } from '../../api/integrations/upload-store.js';
import { ffmpegPath } from '../../api/integrations/ffmpeg.js';
import { finishReceivedUploads } from '../../api/services/applications/video-answers.service.js';

const [url, storageDir, uploadDir] = process.argv.slice(2);
const settings = loadSettings({ NODE_ENV: 'test', DATABASE_URL: url, STORAGE_DIR: storageDir, UPLOAD_TMP_DIR: uploadDir, FFMPEG_PATH: process.env.FFMPEG_PATH });
const sequelize = await openDatabase(settings);
const deps = { storage: createStorage(settings), ffmpeg: () => ffmpegPath(settings), logger: pino({ level: 'silent' }) };
const input = readline.createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => input.once('line', () => resolve()));
process.stdout.write('ready\n');
await go;
input.close();
const settled = await finishReceivedUploads(deps, uploadStoreFor(settings), new Date());
process.stdout.write(`${JSON.stringify({ settled })}\n`);
await sequelize.close();
