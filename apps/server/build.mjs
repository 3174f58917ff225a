// Builds the server into dist/ with esbuild: one ESM bundle per entry (main, cli/*) with
// the contract package compiled in from its TypeScript source; npm dependencies stay external.
// Type checking is `npm run typecheck`'s job, so a build takes about a second. Test and
// benchmark code (test/, with the fakes of outside services; bench/; the *.test.ts files beside
// the product code) must never reach the bundle: the build fails if an entry point reaches any.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@library/contract');

fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    'cli/migrate': 'src/cli/migrate.ts',
    'cli/backup': 'src/cli/backup.ts',
    'cli/restore': 'src/cli/restore.ts',
    'cli/audit-verify': 'src/cli/audit-verify.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['@library/source'],
  external,
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
const testCode = Object.keys(result.metafile.inputs).filter(
  (input) => /^(test|bench)\//.test(input) || /\.(test|bench)\.ts$/.test(input),
);
if (testCode.length > 0) {
  console.error(`The server bundle must not contain test code:\n  ${testCode.join('\n  ')}`);
  process.exit(1);
}
