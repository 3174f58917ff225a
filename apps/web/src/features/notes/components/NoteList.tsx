import { Empty, Skeleton, Typography } from 'antd';
import type { NoteSummary } from '@library/contract';
import { useTranslation } from 'react-i18next';
import { formatShortTime } from '../lib/format-time';
import { currentLocale } from '../../../lib/i18n';

export function NoteList({
  notes,
  loading,
  keywords,
  selectedId,
  onSelect,
}: {
  notes: NoteSummary[] | undefined;
  loading: boolean;
  keywords: string;
  selectedId: string | null;
  onSelect: (noteId: string) => void;
}) {
  const { t } = useTranslation();
  if (loading && !notes) {
    return (
      <div className="notes-list" aria-busy="true">
        <Skeleton active paragraph={{ rows: 2 }} />
        <Skeleton active paragraph={{ rows: 2 }} />
      </div>
    );
  }
  if (!notes || notes.length === 0) {
    return (
      <Empty
        className="notes-list-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          keywords ? (
            t('notes.noResults', { keywords })
          ) : (
            <>
              <Typography.Text strong>{t('notes.empty')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('notes.emptyHint')}</Typography.Text>
            </>
          )
        }
      />
    );
  }
  const locale = currentLocale();
  return (
    <ul className="notes-list">
      {notes.map((note) => {
        const selected = note.noteId === selectedId;
        return (
          <li key={note.noteId}>
            <button
              type="button"
              className={`notes-list-item${selected ? ' is-selected' : ''}`}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(note.noteId)}
            >
              <span className="notes-list-item-head">
                <span className="notes-list-item-title">{note.title || t('notes.untitled')}</span>
                <time className="notes-list-item-time" dateTime={note.updatedAt}>
                  {formatShortTime(note.updatedAt, locale)}
                </time>
              </span>
              <span className="notes-list-item-preview">
                {note.text.trim() || t('notes.noPreview')}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
