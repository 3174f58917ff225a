// /notes: quick notes. A list (search, newest updated first) beside the open note's editor; on
// mobile one pane at a time. The open note is in the URL (`?note=id`), so a reload keeps it.
import { useCallback, useEffect, useState } from 'react';
import { Button, Input, Tooltip, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDeviceStore } from '../../../stores/device-store';
import { useCreateNote } from '../api/create-note';
import { useNotes } from '../api/get-notes';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { NoteEditor } from './NoteEditor';
import { NoteList } from './NoteList';
import './notes.css';

/** Quiet time after the last key before the search runs. */
export const searchDelayMs = 300;

export function NotesScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const openNoteId = searchParams.get('note');
  const mobile = useDeviceStore((state) => state.deviceMode === 'Mobile');
  const [search, setSearch] = useState('');
  const keywords = useDebouncedValue(search.trim(), searchDelayMs);
  const notes = useNotes(keywords);
  const createNote = useCreateNote();

  const openNote = useCallback(
    (noteId: string | null) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (noteId) next.set('note', noteId);
          else next.delete('note');
          return next;
        },
        { replace: noteId === null },
      );
    },
    [setSearchParams],
  );

  const { mutate: create, isPending: creating } = createNote;
  const handleNew = useCallback(() => {
    if (creating) return;
    create({ title: '', content: [], text: '' }, { onSuccess: (note) => openNote(note.noteId) });
  }, [create, creating, openNote]);

  // Ctrl/Cmd+Alt+N starts a new note.
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.altKey && event.code === 'KeyN') {
        event.preventDefault();
        handleNew();
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [handleNew]);

  const showList = !mobile || openNoteId === null;
  const showEditor = !mobile || openNoteId !== null;

  return (
    <div className={`notes-screen${mobile ? ' notes-screen-mobile' : ''}`}>
      {showList && (
        <section className="notes-list-pane" aria-label={t('notes.listLabel')}>
          <header className="notes-list-header">
            <Typography.Title level={4} className="notes-heading">
              {t('notes.title')}
            </Typography.Title>
            <Tooltip title={t('notes.newNoteShortcut')}>
              <Button type="primary" icon={<PlusOutlined />} onClick={handleNew} loading={creating}>
                {t('notes.newNote')}
              </Button>
            </Tooltip>
          </header>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('notes.searchPlaceholder')}
            aria-label={t('notes.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="notes-search"
          />
          <NoteList
            notes={notes.data?.list}
            loading={notes.isPending}
            keywords={keywords}
            selectedId={openNoteId}
            onSelect={openNote}
          />
        </section>
      )}
      {showEditor && (
        <section className="notes-editor-pane">
          {openNoteId ? (
            <NoteEditor
              key={openNoteId}
              noteId={openNoteId}
              showBack={mobile}
              onBack={() => openNote(null)}
              onDeleted={() => openNote(null)}
              onRestored={openNote}
            />
          ) : (
            <div className="notes-editor-empty">
              <Typography.Text type="secondary">{t('notes.pickNote')}</Typography.Text>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
