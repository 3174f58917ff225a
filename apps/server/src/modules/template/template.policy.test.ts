// The template matrix: for each scope, the caller's space role and whether they hold
// `templates:write`, whether they may use and manage the template; then where a template makes
// content and whose creation is followed.
import { describe, expect, it } from 'vitest';
import type { SpaceAccessRole, SystemResource } from '@library/contract';
import { canTemplate, ownsCreation, templateServesSpace } from './template.policy.js';

type Cell = [
  scope: 'system' | 'space',
  role: SpaceAccessRole | null,
  holdsTemplatesWrite: boolean,
  use: boolean,
  manage: boolean,
];

// prettier-ignore
const matrix: Cell[] = [
  // a system template: everyone uses it, `templates:write` manages it, a space role counts for nothing
  ['system', 'owner',   false, true,  false],
  ['system', 'admin',   false, true,  false],
  ['system', 'editor',  false, true,  false],
  ['system', 'reader',  false, true,  false],
  ['system', 'visitor', false, true,  false],
  ['system', null,      false, true,  false],
  ['system', 'owner',   true,  true,  true ],
  ['system', 'admin',   true,  true,  true ],
  ['system', 'editor',  true,  true,  true ],
  ['system', 'reader',  true,  true,  true ],
  ['system', 'visitor', true,  true,  true ],
  ['system', null,      true,  true,  true ],
  // a space template: its editors use it, its admins and owner manage it, the resource counts for nothing
  ['space',  'owner',   false, true,  true ],
  ['space',  'admin',   false, true,  true ],
  ['space',  'editor',  false, true,  false],
  ['space',  'reader',  false, false, false],
  ['space',  'visitor', false, false, false],
  ['space',  null,      false, false, false],
  ['space',  'owner',   true,  true,  true ],
  ['space',  'admin',   true,  true,  true ],
  ['space',  'editor',  true,  true,  false],
  ['space',  'reader',  true,  false, false],
  ['space',  'visitor', true,  false, false],
  ['space',  null,      true,  false, false],
];

describe('who may use and manage a template', () => {
  it.each(matrix)('%s template, role %s, templates:write %s: use %s, manage %s', (...cell) => {
    const [scope, role, holds, use, manage] = cell;
    const resources: SystemResource[] = holds ? ['templates:write'] : [];
    expect(canTemplate({ role, resources }, 'use', { scope })).toBe(use);
    expect(canTemplate({ role, resources }, 'manage', { scope })).toBe(manage);
  });

  it('counts no other resource as templates:write', () => {
    const resources: SystemResource[] = ['orders:write', 'users:write'];
    expect(canTemplate({ role: null, resources }, 'manage', { scope: 'system' })).toBe(false);
  });
});

describe('where a template makes content', () => {
  it.each([
    ['system', null, 'space-a', true],
    ['space', 'space-a', 'space-a', true],
    ['space', 'space-a', 'space-b', false],
  ] as const)('%s template of %s in %s: %s', (scope, spaceId, target, serves) => {
    expect(templateServesSpace({ scope, spaceId }, target)).toBe(serves);
  });
});

describe('whose creation it is', () => {
  it('is followed by the user who started it, by nobody else', () => {
    expect(ownsCreation(1, { userId: 1 })).toBe(true);
    expect(ownsCreation(2, { userId: 1 })).toBe(false);
  });
});
