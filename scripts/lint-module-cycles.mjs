// Fails when the server's modules depend on each other in a loop. madge finds cycles between
// files; this finds them between module folders (apps/server/src/modules/<name>), where a loop
// means no module of it can be understood, tested or replaced without the others. Tests are
// left out: they may set up state through any module. Type-only imports count: they are
// dependencies too.
import fs from 'node:fs';
import path from 'node:path';

const modulesDir = path.resolve(import.meta.dirname, '../apps/server/src/modules');
const modules = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const isTest = (file) => /\.test\.ts$|\.fixtures\.ts$/.test(file);
const importPattern = /(?:from\s+|import\s*\(\s*)'(\.[^']+)'/g;

/** module → module it imports → the first file doing so */
const graph = new Map(modules.map((name) => [name, new Map()]));
for (const name of modules) {
  const dir = path.join(modulesDir, name);
  for (const file of fs.readdirSync(dir, { recursive: true }).map(String)) {
    if (!file.endsWith('.ts') || isTest(file)) continue;
    const full = path.join(dir, file);
    for (const [, spec] of fs.readFileSync(full, 'utf8').matchAll(importPattern)) {
      const target = path.relative(modulesDir, path.resolve(path.dirname(full), spec));
      const other = target.split(path.sep)[0];
      if (target.startsWith('..') || other === name || !graph.has(other)) continue;
      if (!graph.get(name).has(other)) graph.get(name).set(other, path.join(name, file));
    }
  }
}

// Tarjan's strongly connected components: every component of more than one module is a loop.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const loops = [];
function visit(name) {
  index.set(name, counter);
  low.set(name, counter);
  counter += 1;
  stack.push(name);
  onStack.add(name);
  for (const other of graph.get(name).keys()) {
    if (!index.has(other)) {
      visit(other);
      low.set(name, Math.min(low.get(name), low.get(other)));
    } else if (onStack.has(other)) {
      low.set(name, Math.min(low.get(name), index.get(other)));
    }
  }
  if (low.get(name) !== index.get(name)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== name);
  if (component.length > 1) loops.push(component.sort());
}
for (const name of modules) if (!index.has(name)) visit(name);

if (loops.length === 0) {
  console.log(`✔ No loop between the server's ${modules.length} modules.`);
} else {
  for (const loop of loops) {
    console.error(`✖ These server modules depend on each other in a loop: ${loop.join(', ')}`);
    for (const name of loop) {
      for (const [other, file] of graph.get(name)) {
        if (loop.includes(other)) console.error(`    ${name} → ${other}  (${file})`);
      }
    }
  }
  process.exit(1);
}
