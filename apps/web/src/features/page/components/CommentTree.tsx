// Comments with their replies to any depth: creator avatar and name, time, the anchored block's
// text, and reply / edit / delete where the comment's abilities allow.
import { useRef, useState } from 'react';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale, PageComment, PageUser } from '@library/contract';
import { UserAvatar } from '../../../components/UserAvatar';
import { formatShortDate } from '../../../lib/format';
import { CommentInput, type CommentInputHandle } from './CommentInput';
import { CommentText } from './CommentText';

export interface CommentActions {
  /** whose people the comment box offers to mention */
  spaceId: string;
  canReply: boolean;
  onReply: (parent: PageComment, content: string) => Promise<unknown>;
  onEdit: (comment: PageComment, content: string) => Promise<unknown>;
  onDelete: (comment: PageComment) => Promise<unknown>;
  onOpenBlock: (blockId: string) => void;
  /** the anchored block's text, or null when it no longer exists */
  blockLabel: (blockId: string) => string | null;
  /** the comment the page was opened at (`?comment=`, from a notification), marked */
  focusedId?: string | null;
}

interface CommentTreeProps extends CommentActions {
  comments: PageComment[];
  locale: Locale;
}

export function CommentTree({ comments, ...rest }: CommentTreeProps) {
  return (
    <ul className="page-comment-list">
      {comments.map((comment) => (
        <CommentItem key={comment.commentId} comment={comment} {...rest} />
      ))}
    </ul>
  );
}

function CommentEditor({
  spaceId,
  initial,
  placeholder,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  spaceId: string;
  initial?: { content: string; mentions: PageUser[] };
  placeholder: string;
  submitLabel: string;
  onSubmit: (content: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<CommentInputHandle>(null);
  const [text, setText] = useState(initial?.content ?? '');
  const [busy, setBusy] = useState(false);
  const submit = () => {
    const content = input.current?.stored().trim() ?? '';
    if (!content) return;
    setBusy(true);
    onSubmit(content)
      .then(() => onCancel())
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <div className="page-comment-editor">
      <CommentInput
        spaceId={spaceId}
        initial={initial}
        placeholder={placeholder}
        autoFocus
        handle={input}
        onTextChange={setText}
        onSubmit={submit}
      />
      <Space className="page-comment-editor-actions">
        <Button size="small" onClick={onCancel}>
          {t('page.comments.cancel')}
        </Button>
        <Button size="small" type="primary" loading={busy} disabled={!text.trim()} onClick={submit}>
          {submitLabel}
        </Button>
      </Space>
    </div>
  );
}

function CommentItem({
  comment,
  locale,
  ...actions
}: { comment: PageComment; locale: Locale } & CommentActions) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'reply' | 'edit'>('view');
  const blockLabel = comment.blockId ? actions.blockLabel(comment.blockId) : undefined;
  const edited = comment.updatedAt !== comment.createdAt;

  return (
    <li
      className={`page-comment${actions.focusedId === comment.commentId ? ' is-focused' : ''}`}
      data-comment-id={comment.commentId}
    >
      <div className="page-comment-row">
        <UserAvatar user={comment.creator} size={28} />
        <div className="page-comment-main">
          <div className="page-comment-meta">
            <Typography.Text strong>{comment.creator.nickname}</Typography.Text>
            <Typography.Text type="secondary" className="page-comment-time">
              {formatShortDate(comment.createdAt, locale)}
              {edited && !comment.deleted ? ` · ${t('page.comments.edited')}` : ''}
            </Typography.Text>
          </div>
          {comment.blockId ? (
            <button
              type="button"
              className="page-comment-anchor"
              onClick={() => comment.blockId && actions.onOpenBlock(comment.blockId)}
              disabled={blockLabel === null}
            >
              {blockLabel === null
                ? t('page.comments.blockMissing')
                : t('page.comments.onBlock', { text: blockLabel })}
            </button>
          ) : null}
          {mode === 'edit' ? (
            <CommentEditor
              spaceId={actions.spaceId}
              initial={comment}
              placeholder={t('page.comments.placeholder')}
              submitLabel={t('page.comments.save')}
              onSubmit={(content) => actions.onEdit(comment, content)}
              onCancel={() => setMode('view')}
            />
          ) : comment.deleted ? (
            <Typography.Text type="secondary" italic className="page-comment-content">
              {t('page.comments.deleted')}
            </Typography.Text>
          ) : (
            <Typography.Paragraph className="page-comment-content">
              <CommentText content={comment.content} mentions={comment.mentions} />
            </Typography.Paragraph>
          )}
          {mode === 'view' && !comment.deleted ? (
            <Space size={0} className="page-comment-actions">
              {actions.canReply ? (
                <Button size="small" type="link" onClick={() => setMode('reply')}>
                  {t('page.comments.reply')}
                </Button>
              ) : null}
              {comment.abilities.canEdit ? (
                <Button size="small" type="link" onClick={() => setMode('edit')}>
                  {t('page.comments.edit')}
                </Button>
              ) : null}
              {comment.abilities.canDelete ? (
                <Popconfirm
                  title={t('page.comments.deleteConfirm')}
                  onConfirm={() => actions.onDelete(comment)}
                >
                  <Button size="small" type="link" danger>
                    {t('page.comments.delete')}
                  </Button>
                </Popconfirm>
              ) : null}
            </Space>
          ) : null}
          {mode === 'reply' ? (
            <CommentEditor
              spaceId={actions.spaceId}
              placeholder={t('page.comments.replyPlaceholder', { name: comment.creator.nickname })}
              submitLabel={t('page.comments.send')}
              onSubmit={(content) => actions.onReply(comment, content)}
              onCancel={() => setMode('view')}
            />
          ) : null}
        </div>
      </div>
      {comment.children.length > 0 ? (
        <CommentTree comments={comment.children} locale={locale} {...actions} />
      ) : null}
    </li>
  );
}
