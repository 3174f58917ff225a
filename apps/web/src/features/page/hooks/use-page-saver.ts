// One PageSaver per open page: its state for the toolbar, Ctrl/Cmd+S, a warning when the tab is
// closed with unsaved edits, and a last save when the page screen goes away.
import { useEffect, useState } from 'react';
import { savePageBlocks } from '../api/save-page-blocks';
import { PageSaver, type SaveState } from '../lib/page-saver';

export function usePageSaver(pageId: string, enabled: boolean) {
  const [state, setState] = useState<SaveState>('saved');
  const [saver] = useState(
    () =>
      new PageSaver({
        save: (revision, changes) => savePageBlocks(pageId, revision, changes),
        onChange: setState,
      }),
  );

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

  return { saver, state };
}
