// The transfer matrix: the user who started it and someone else × every kind and status of a
// transfer × following it and downloading its file.
import { describe, expect, it } from 'vitest';
import { canTransfer } from './transfer.policy.js';

const starter = 1;
const someoneElse = 2;
const kinds = ['import', 'export'] as const;
const statuses = ['queued', 'running', 'done', 'failed'] as const;

/** The rule, written out: one's own to follow; one's own finished export to download. */
const expected = (own: boolean, kind: string, status: string) => ({
  follow: own,
  download: own && kind === 'export' && status === 'done',
});

const matrix = [true, false].flatMap((own) =>
  kinds.flatMap((kind) => statuses.map((status) => ({ own, kind, status }))),
);

describe('who follows and downloads a transfer', () => {
  it.each(matrix)('own $own, $kind $status', ({ own, kind, status }) => {
    const transfer = { userId: starter, kind, status };
    const userId = own ? starter : someoneElse;
    expect({
      follow: canTransfer(userId, 'follow', transfer),
      download: canTransfer(userId, 'download', transfer),
    }).toEqual(expected(own, kind, status));
  });

  it('lets the starter download exactly one cell: their export, done', () => {
    const downloadable = matrix.filter(
      (cell) => expected(cell.own, cell.kind, cell.status).download,
    );
    expect(downloadable).toEqual([{ own: true, kind: 'export', status: 'done' }]);
  });
});
