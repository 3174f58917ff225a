// The file matrix: for each space role (and no role), what the caller may do with a space's file.
import { describe, expect, it } from 'vitest';
import type { FileAbilities, SpaceAccessRole } from '@library/contract';
import { fileAbilities } from './file.policy.js';

// prettier-ignore
const matrix: [SpaceAccessRole | null, FileAbilities][] = [
  ['owner',   { canRename: true,  canDelete: true,  canDownload: true  }],
  ['admin',   { canRename: true,  canDelete: true,  canDownload: true  }],
  ['editor',  { canRename: true,  canDelete: true,  canDownload: true  }],
  // readers and visitors read, download and preview; changing files is the editors'
  ['reader',  { canRename: false, canDelete: false, canDownload: true  }],
  ['visitor', { canRename: false, canDelete: false, canDownload: true  }],
  // outsiders see nothing
  [null,      { canRename: false, canDelete: false, canDownload: false }],
];

describe('what a role may do with a file', () => {
  it.each(matrix)('%s', (role, abilities) => {
    expect(fileAbilities(role)).toEqual(abilities);
  });
});
