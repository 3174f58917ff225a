// npm run db:migrate — applies the committed SQL migrations to the configured database.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
