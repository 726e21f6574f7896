// npm run db:migrate | db:seed — the same steps the server runs at start, by hand.
import { loadSettings } from '../config/settings.js';
import { openDatabase } from './boot.js';
import { seedDemo } from '../seeders/demo.js';

const command = process.argv[2];
const settings = loadSettings();
const sequelize = await openDatabase(settings);
if (command === 'seed') {
  await seedDemo({ reset: true });
  console.log('demo data loaded');
} else {
  console.log('migrations applied');
}
await sequelize.close();
