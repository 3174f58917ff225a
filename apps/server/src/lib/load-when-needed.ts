// A package loaded at its first use instead of at start-up, for the large ones few requests need
// (a dictionary, a cloud SDK). With `import type * as JiebaPackage from '@node-rs/jieba'`:
// `const jieba = loadWhenNeeded<typeof JiebaPackage>('@node-rs/jieba')`, then `jieba().Jieba`.
// Synchronous, through Node's require, so synchronous callers stay so; the package must offer a
// CommonJS entry. See docs/performance.md ('Idle memory').
import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);

export function loadWhenNeeded<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(id) as T);
}
