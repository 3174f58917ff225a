// An editor's live connection to the open page, made when the page knows the user may edit it
// and the user is known (their name and colour travel with their caret), and closed when the
// screen goes. Yjs and the provider load lazily, with the editor's code.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useCurrentUser } from '../../auth';
import { useSessionStore } from '../../../stores/session-store';
import { personColor, type CollabPerson } from '../lib/collab-people';
import { initialCollabState, type CollabState } from '../lib/collab-status';
import type * as PageCollabModule from '../lib/page-collab';
import type { PageCollab } from '../lib/page-collab';

let chunk: Promise<typeof PageCollabModule> | null = null;

function loadPageCollab() {
  chunk ??= import('../lib/page-collab');
  return chunk;
}

export function usePageCollab(pageId: string, enabled: boolean): PageCollab | null {
  const user = useCurrentUser().data;
  const token = useSessionStore((state) => state.token);
  const [collab, setCollab] = useState<PageCollab | null>(null);
  const userId = user?.userId;
  const name = user?.nickname;
  const avatar = user?.avatar ?? null;

  useEffect(() => {
    if (!enabled || userId === undefined || name === undefined) return;
    const me: CollabPerson = { userId, name, avatar, color: personColor(userId) };
    let open: PageCollab | null = null;
    let left = false;
    void loadPageCollab().then(({ openPageCollab }) => {
      if (left) return;
      open = openPageCollab({ pageId, token, me });
      setCollab(open);
    });
    return () => {
      left = true;
      open?.destroy();
      setCollab(null);
    };
  }, [enabled, pageId, token, userId, name, avatar]);

  return collab;
}

/**
 * The connection's state, or what `select` makes of it (with the collab at hand, null before it
 * is made); re-renders only when that changes: a keystroke changes the count of unconfirmed
 * changes, which only the status in the toolbar shows.
 */
export function useCollabState<T = CollabState>(
  collab: PageCollab | null,
  select: (state: CollabState, collab: PageCollab | null) => T = (state) => state as T,
): T {
  const subscribe = useCallback(
    (listener: () => void) => collab?.subscribe(listener) ?? (() => undefined),
    [collab],
  );
  return useSyncExternalStore(subscribe, () => select(collab?.state ?? initialCollabState, collab));
}

const nobody: CollabPerson[] = [];

/** The people on the page now, oneself first. */
export function useCollabPeople(collab: PageCollab | null): CollabPerson[] {
  const subscribe = useCallback(
    (listener: () => void) => collab?.subscribe(listener) ?? (() => undefined),
    [collab],
  );
  return useSyncExternalStore(subscribe, () => collab?.people ?? nobody);
}
