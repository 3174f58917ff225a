// Builds the server into dist/ with esbuild: one ESM bundle per entry (main, cli/migrate) with
// the contract package compiled in from its TypeScript source; npm dependencies stay external.
// Type checking is `npm run typecheck`'s job, so a build takes about a second.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@library/contract');

fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', 'cli/migrate': 'src/cli/migrate.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['source'],
  external,
  sourcemap: true,
  logLevel: 'warning',
});
