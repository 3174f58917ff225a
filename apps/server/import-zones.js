// The server's import zones for `import-x/no-restricted-paths` (see eslint.config.js and
// docs/architecture.md, "Modules and their front doors"): the shared layers (db, http, infra,
// lib) never import a module; a module, the app and the command-line tools use another module
// only through its front door (modules/<name>/index.ts). Tests may reach inside to set up
// state. Modules are read from the folder, so a new one is covered without touching this file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');
const shared = ['db', 'http', 'infra', 'lib'];
const notTests = '**/!(*.test).ts';

export function serverImportZones() {
  const modulesDir = path.join(src, 'modules');
  const modules = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const message =
    'Use another module through its front door (modules/<name>/index.ts), exporting there what it offers.';
  return [
    {
      target: shared.map((dir) => path.join(src, dir, notTests)),
      from: modulesDir,
      message:
        'The shared layers (db, http, infra, lib) must not import a module: modules build on them.',
    },
    {
      target: [path.join(src, '*.ts'), path.join(src, 'cli', notTests)],
      from: modules.map((name) => path.join(modulesDir, name)),
      except: ['./index.ts'],
      message,
    },
    ...modules.map((name) => ({
      target: path.join(modulesDir, name, notTests),
      from: modules.filter((other) => other !== name).map((other) => path.join(modulesDir, other)),
      except: ['./index.ts'],
      message,
    })),
  ];
}
