// The web app's import zones for `import-x/no-restricted-paths` (see eslint.config.js and
// docs/decisions/web.md, "Import rules"), after bulletproof-react's: shared code (components,
// config, hooks, lib, stores) → features → app. Features are read from the folder, so a new one
// is covered without touching this file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');
const shared = ['components', 'config', 'hooks', 'lib', 'locales', 'stores', 'styles'];

export function webImportZones() {
  const featuresDir = path.join(src, 'features');
  const features = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      target: shared.map((dir) => path.join(src, dir)),
      from: [featuresDir, path.join(src, 'app')],
      message:
        'Shared code (components, config, hooks, lib, stores) must not import features or the app.',
    },
    {
      // tests may use the app's wiring (e.g. configureApi)
      target: `${featuresDir}/**/!(*.test).@(ts|tsx)`,
      from: path.join(src, 'app'),
      message: 'A feature must not import the app; the app composes the features.',
    },
    ...features.map((feature) => ({
      target: path.join(featuresDir, feature),
      from: features
        .filter((other) => other !== feature)
        .map((other) => path.join(featuresDir, other)),
      except: ['./index.ts'],
      message: `Import another feature through its public entry (features/<name>/index.ts), or move what both need into components/, hooks/, lib/ or stores/.`,
    })),
  ];
}
