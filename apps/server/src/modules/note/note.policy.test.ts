// The note matrix: the owner and someone else × every query of notes (list, read, change,
// delete), each through its repository function with `ownNotesSql`, on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import * as repo from './note.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Caller = 'owner' | 'someone else';
type Action = 'list' | 'read' | 'change' | 'delete';

// prettier-ignore
const matrix: Record<Caller, Record<Action, boolean>> = {
  'owner':        { list: true,  read: true,  change: true,  delete: true  },
  'someone else': { list: false, read: false, change: false, delete: false },
};

describe('whose notes a query reaches', () => {
  it('answers every cell as the rule says', async () => {
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    const ids: Record<Caller, number> = { owner: owner.id, 'someone else': other.id };
    const answers: string[] = [];
    const rule: string[] = [];
    // someone else first: the owner's change and delete then find the note untouched
    for (const caller of ['someone else', 'owner'] as const) {
      const note = await repo.insertNote(t.db, {
        userId: owner.id,
        title: '笔记',
        content: [],
        text: '',
      });
      const userId = ids[caller];
      const listed = await repo.listNotes(t.db, userId, { keywords: '', page: 0, pageSize: 50 });
      const reached: Record<Action, boolean> = {
        list: listed.rows.some((row) => row.id === note.id),
        read: (await repo.findNote(t.db, userId, note.id)) !== undefined,
        change: (await repo.updateNote(t.db, userId, note.id, { title: '改' })) !== undefined,
        delete: await repo.deleteNote(t.db, userId, note.id),
      };
      for (const action of Object.keys(matrix[caller]) as Action[]) {
        answers.push(`${caller} ${action}: ${reached[action]}`);
        rule.push(`${caller} ${action}: ${matrix[caller][action]}`);
      }
      const left = await repo.findNote(t.db, owner.id, note.id);
      expect(left === undefined, `${caller}: the note is gone`).toBe(matrix[caller].delete);
      if (left) expect(left.title, `${caller}: the title`).toBe('笔记');
    }
    expect(answers).toEqual(rule);
  });
});
