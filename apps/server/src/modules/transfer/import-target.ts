// Where an import may go and what it takes: checked when it is started (so a refusal is the
// answer to the upload) and again when its job runs (access may have changed in between).
import path from 'node:path/posix';
import { ErrorCode } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { requireFeature } from '../account/index.js';
import { accessSpace } from '../space/index.js';
import { liveTopicIn } from '../tree/index.js';

export type DocumentKind = 'markdown' | 'html' | 'docx';

export const documentKinds: Record<string, DocumentKind> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.docx': 'docx',
};

export const extensionOf = (name: string) => path.extname(name).toLowerCase();

/** An upload's own name as a file name (a browser may send a path). */
export const uploadNameOf = (filename: string) =>
  path.basename(filename.replace(/\\/g, '/')) || 'untitled';

/** What an upload is by its name: a document kind or 'zip'; anything else is refused. */
export function importFormatOf(uploadName: string): DocumentKind | 'zip' {
  const extension = extensionOf(uploadName);
  if (extension === '.zip') return 'zip';
  const kind = documentKinds[extension];
  if (!kind) {
    throw new AppError(ErrorCode.fileTypeUnsupported, {
      detail: 'import takes .md, .markdown, .html, .htm, .docx or .zip',
    });
  }
  return kind;
}

/** The caller may create pages in the space, under the live topic `parentId` (null: the root). */
export async function checkImportTarget(
  db: Executor,
  userId: number,
  spaceId: string,
  parentId: string | null,
) {
  const access = await accessSpace(db, userId, spaceId, 'edit');
  await requireFeature(db, userId, 'createPage');
  if (parentId !== null) await liveTopicIn(db, spaceId, parentId);
  return access;
}
