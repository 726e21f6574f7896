// npm run db:migrate | db:seed — the same steps the server runs at start, by hand.
// db:seed removes the demo rows (and what hangs on the demo users) and loads them again.
import { loadSettings } from '../config/settings.js';
import { openDatabase } from '../models/boot.js';
import { seedDemo } from '../seeders/demo.js';
import { createStorage } from '../api/integrations/storage.js';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: tsx scripts/db.ts migrate|seed');
  process.exit(2);
}
const settings = loadSettings();
const sequelize = await openDatabase(settings);
try {
  if (command === 'seed') {
    const storage = createStorage(settings);
    await seedDemo({ storage, reset: true });
    console.log(`demo data loaded into ${settings.database.dialect} (stories in ${settings.s3 ? `s3://${settings.s3.bucket}/${settings.s3.prefix}` : settings.storageDir})`);
  } else {
    console.log('migrations applied');
  }
} finally {
  await sequelize.close();
}
