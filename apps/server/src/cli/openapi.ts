// Writes the OpenAPI document served at /api/docs to the file named by the first argument (or to
// stdout) without listening anywhere: the app is built on an empty in-memory PGlite, which no
// route touches while the document is made. `npm run lint:openapi` lints what this writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { wrapPglite } from '../db/database.js';

const out = process.argv[2];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-openapi-'));
const database = wrapPglite(await PGlite.create());
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIR: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  if (out) fs.writeFileSync(out, document);
  else process.stdout.write(document);
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
