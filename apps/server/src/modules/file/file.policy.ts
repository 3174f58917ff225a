// Who may do what with a space's files: readers read, download and preview; editors and above
// upload, rename and delete. Outsiders see nothing (a file they may not read looks missing).
import type { FileAbilities, SpaceAccessRole } from '@library/contract';
import { can } from '../space/index.js';

export function fileAbilities(role: SpaceAccessRole | null): FileAbilities {
  return {
    canRename: can(role, 'edit'),
    canDelete: can(role, 'edit'),
    canDownload: can(role, 'read'),
  };
}
