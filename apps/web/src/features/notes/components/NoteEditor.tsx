// The open note: title and plain text, autosaved; delete (with undo) and 'turn into page'.
import { useState } from 'react';
import { Button, Input, Modal, Skeleton, Space, Tooltip, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  DeleteOutlined,
  ExclamationCircleOutlined,
  FileAddOutlined,
  LoadingOutlined,
} from '@ant-design/icons';
import type { Note } from '@library/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast';
import { useCreateNote } from '../api/create-note';
import { useDeleteNote } from '../api/delete-note';
import { useNote } from '../api/get-note';
import { textToBlocks } from '../lib/note-blocks';
import { useNoteAutosave, type SaveState } from '../lib/use-note-autosave';
import { TurnIntoPageDialog } from './TurnIntoPageDialog';

/** How long the 'deleted — undo' toast stays. */
const undoToastMs = 6000;

interface NoteEditorProps {
  noteId: string;
  showBack: boolean;
  onBack: () => void;
  onDeleted: () => void;
  onRestored: (noteId: string) => void;
}

export function NoteEditor(props: NoteEditorProps) {
  const { t } = useTranslation();
  const { data: note, isPending, isError } = useNote(props.noteId);
  if (isError) {
    // deleted meanwhile, or an old link: the API client already said why
    return (
      <div className="notes-editor-empty">
        <Typography.Text type="secondary">{t('notes.pickNote')}</Typography.Text>
      </div>
    );
  }
  if (isPending) {
    return (
      <div className="note-editor" aria-busy={isPending}>
        <Skeleton active title paragraph={{ rows: 6 }} />
      </div>
    );
  }
  return <LoadedNoteEditor {...props} note={note} />;
}

function LoadedNoteEditor({
  noteId,
  note,
  showBack,
  onBack,
  onDeleted,
  onRestored,
}: NoteEditorProps & { note: Note }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [title, setTitle] = useState(note.title);
  const [text, setText] = useState(note.text);
  const [toPageOpen, setToPageOpen] = useState(false);
  const autosave = useNoteAutosave(noteId);
  const deleteNote = useDeleteNote();
  const createNote = useCreateNote();

  const handleTitle = (value: string) => {
    setTitle(value);
    autosave.change({ title: value, text });
  };
  const handleText = (value: string) => {
    setText(value);
    autosave.change({ title, text: value });
  };

  const handleDelete = () => {
    const kept = { title, text };
    void modal.confirm({
      title: t('notes.deleteTitle'),
      content: t('notes.deleteText', { title: title || t('notes.untitled') }),
      okText: t('notes.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        autosave.discard();
        await deleteNote.mutateAsync(noteId);
        onDeleted();
        toast.success(t('notes.deleted'), {
          duration: undoToastMs,
          action: {
            label: t('notes.undo'),
            // this editor is gone by then: follow the promise, not the per-call callbacks
            onClick: () =>
              void createNote
                .mutateAsync({
                  title: kept.title,
                  text: kept.text,
                  content: textToBlocks(kept.text),
                })
                .then((restored) => {
                  toast.success(t('notes.restored'));
                  onRestored(restored.noteId);
                })
                // a failure was already shown by the API client
                .catch(() => undefined),
          },
        });
      },
    });
  };

  const handleOpenToPage = () => {
    // the page is made from the saved note: save what is pending first
    void autosave.flush();
    setToPageOpen(true);
  };

  return (
    <div className="note-editor">
      {modalHolder}
      <div className="note-editor-toolbar">
        {showBack && (
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={onBack}
            aria-label={t('notes.back')}
          />
        )}
        <SaveStatus state={autosave.state} onRetry={() => void autosave.retry()} />
        <Space size={4} className="note-editor-actions">
          <Button icon={<FileAddOutlined />} onClick={handleOpenToPage}>
            {t('notes.toPage')}
          </Button>
          <Tooltip title={t('notes.delete')}>
            <Button
              icon={<DeleteOutlined />}
              danger
              aria-label={t('notes.delete')}
              onClick={handleDelete}
            />
          </Tooltip>
        </Space>
      </div>
      <Input
        variant="borderless"
        className="note-editor-title"
        placeholder={t('notes.titlePlaceholder')}
        aria-label={t('notes.titleLabel')}
        value={title}
        maxLength={255}
        onChange={(event) => handleTitle(event.target.value)}
      />
      <Input.TextArea
        variant="borderless"
        className="note-editor-body"
        placeholder={t('notes.bodyPlaceholder')}
        aria-label={t('notes.bodyLabel')}
        autoSize={{ minRows: 12 }}
        value={text}
        onChange={(event) => handleText(event.target.value)}
      />
      {toPageOpen && (
        <TurnIntoPageDialog
          noteId={noteId}
          saving={autosave.state === 'saving' || autosave.state === 'pending'}
          onClose={() => setToPageOpen(false)}
        />
      )}
    </div>
  );
}

function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state === 'failed') {
    return (
      <span className="note-save-status is-failed" role="status">
        <ExclamationCircleOutlined /> {t('notes.failed')}
        <Button type="link" size="small" onClick={onRetry}>
          {t('notes.retry')}
        </Button>
      </span>
    );
  }
  return (
    <Typography.Text type="secondary" className="note-save-status" role="status">
      {state === 'saving' ? (
        <>
          <LoadingOutlined /> {t('notes.saving')}
        </>
      ) : state === 'pending' ? (
        t('notes.pending')
      ) : (
        <>
          <CheckCircleOutlined /> {t('notes.saved')}
        </>
      )}
    </Typography.Text>
  );
}
