// One PageSaver per open page: its state for the toolbar, Ctrl/Cmd+S, a warning when the tab is
// closed with unsaved edits, and a last save when the page screen goes away. The state is read
// where it is shown (useSaveState), so a keystroke that makes the page 'dirty' re-renders the
// save status, not the whole page screen.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { savePageBlocks } from '../api/save-page-blocks';
import { PageSaver, type SaveState } from '../lib/page-saver';

const listeners = new WeakMap<PageSaver, Set<() => void>>();

/** The saver's state, or what `select` makes of it; re-renders only when that changes. */
export function useSaveState<T = SaveState>(
  saver: PageSaver,
  select: (state: SaveState) => T = (state) => state as T,
): T {
  const subscribe = useCallback(
    (listener: () => void) => {
      const set = listeners.get(saver);
      set?.add(listener);
      return () => set?.delete(listener);
    },
    [saver],
  );
  return useSyncExternalStore(subscribe, () => select(saver.saveState));
}

export function usePageSaver(pageId: string, enabled: boolean) {
  const [saver] = useState(() => {
    const notify = new Set<() => void>();
    const created = new PageSaver({
      save: (revision, changes) => savePageBlocks(pageId, revision, changes),
      onChange: () => notify.forEach((listener) => listener()),
    });
    listeners.set(created, notify);
    return created;
  });

  useEffect(() => {
    if (!enabled) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saver.saveNow();
      }
    };
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.hasUnsavedChanges()) return;
      event.preventDefault();
      // older browsers want returnValue set
      event.returnValue = '';
    };
    window.addEventListener('keydown', handleKeyDown);
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => {
      window.removeEventListener('keydown', handleKeyDown);
      window.removeEventListener('beforeunload', handleBeforeUnload);
    };
  }, [saver, enabled]);

  useEffect(
    () => () => {
      // leaving the page inside the app: send what is still pending
      if (saver.saveState === 'dirty' || saver.saveState === 'failed') void saver.saveNow();
      saver.dispose();
    },
    [saver],
  );

  return saver;
}
