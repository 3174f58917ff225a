// What the address-book tests build through the real calls: people with their tokens, friends by
// invite code, and teams. `app` is a getter: the test app is made in `beforeAll`.
import { expect } from 'vitest';
import { findById } from '../src/modules/user/user.repo.js';
import { authHeader, buildUser } from './factories.js';
import type { TestApp } from './test-app.js';

type Headers = Record<string, string>;

export function addrbookHelpers(app: () => TestApp) {
  const post = (url: string, headers: Headers, payload: object) =>
    app().app.inject({ method: 'POST', url, headers, payload });

  /** A new user with their id as text and Authorization headers. */
  async function person() {
    const user = await buildUser(app().db);
    return { user, id: String(user.id), headers: await authHeader(app().db, user.id) };
  }
  type Person = Awaited<ReturnType<typeof person>>;

  /** `a` and `b` become friends (b uses a's invite code). */
  async function befriend(a: Person, b: Person) {
    const inviteCode = (await findById(app().db, a.user.id))!.inviteCode;
    const res = await app().app.inject({
      method: 'PUT',
      url: '/api/v1/friend/inviteCode',
      headers: b.headers,
      payload: { inviteCode },
    });
    expect(res.json().code, res.body).toBe(0);
  }

  /** A team (a sub-team under `parentId`) made by the holder of `headers`. */
  async function team(headers: Headers, name: string, parentId?: string) {
    const res = await post('/api/v1/team', headers, { name, parentId });
    expect(res.json().code, res.body).toBe(0);
    return res.json().data as { teamId: string; rootId: string; members: unknown[] };
  }

  return { person, befriend, team };
}
