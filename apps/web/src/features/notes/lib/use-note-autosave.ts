// Autosave of the open note: each change waits `autosaveDelayMs` of quiet, then one PUT with the
// title, text and blocks. Changes made while a save is on its way are saved right after it.
// Leaving the note (or the screen) saves what is pending at once.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Note } from '@library/contract';
import { updateNote } from '../api/update-note';
import { noteQueryKey } from '../api/get-note';
import { notesQueryKey } from '../api/get-notes';
import { noteSaveBody } from './note-blocks';

export const autosaveDelayMs = 800;

export type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

export interface NoteDraft {
  title: string;
  text: string;
}

export function useNoteAutosave(noteId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>('saved');
  const draft = useRef<NoteDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);

  const save = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const pending = draft.current;
    if (!pending || inFlight.current) return;
    draft.current = null;
    inFlight.current = true;
    setState('saving');
    try {
      const saved: Note = await updateNote(noteId, noteSaveBody(pending.title, pending.text));
      queryClient.setQueryData(noteQueryKey(noteId), saved);
      void queryClient.invalidateQueries({ queryKey: notesQueryKey });
      inFlight.current = false;
      if (draft.current) void save();
      else setState('saved');
    } catch {
      inFlight.current = false;
      // keep the unsaved text (unless newer typing replaced it) for 'retry'
      draft.current ??= pending;
      setState('failed');
    }
  }, [noteId, queryClient]);

  const change = useCallback(
    (next: NoteDraft) => {
      draft.current = next;
      setState((current) => (current === 'saving' ? current : 'pending'));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), autosaveDelayMs);
    },
    [save],
  );

  /** Drops unsaved changes (the note is being deleted). */
  const discard = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    draft.current = null;
  }, []);

  // Leaving the note saves what is still waiting.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
        void save();
      }
    },
    [save],
  );

  return { state, change, retry: save, flush: save, discard };
}
