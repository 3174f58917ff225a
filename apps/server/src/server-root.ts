// The server package's own folder (apps/server), found from this module whether it runs from
// src/ (tests, dev) or from the bundle in dist/: the first folder upwards holding drizzle/.
import fs from 'node:fs';
import path from 'node:path';

function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (
      fs.existsSync(path.join(dir, 'drizzle', 'meta')) &&
      fs.existsSync(path.join(dir, 'package.json'))
    ) {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`apps/server not found above ${start}`);
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
