// The page's comments: a new comment (optionally on a block, '@' to mention someone), and the
// nested list.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Drawer, Empty, Select, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Block, Locale } from '@library/contract';
import { useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';
import { usePageComments } from '../api/get-page-comments';
import { useUpdateComment } from '../api/update-comment';
import { blockText, findBlock } from '../lib/block-text';
import { useDrawerWidth } from '../hooks/use-drawer-width';
import { CommentInput, type CommentInputHandle } from './CommentInput';
import { CommentTree } from './CommentTree';

interface CommentsDrawerProps {
  spaceId: string;
  pageId: string;
  open: boolean;
  canComment: boolean;
  locale: Locale;
  /** the document shown, for the block picker and anchored comments */
  blocks: () => Block[];
  /** preselected by "comment on this block" */
  anchorBlockId: string | null;
  /** a comment to scroll to and mark (the page was opened at it, `?comment=`) */
  focusCommentId?: string | null;
  onClose: () => void;
  onOpenBlock: (blockId: string) => void;
}

/** the picker's 'no block' choice (block ids are never empty) */
const noBlock = '';
const previewLength = 40;
const preview = (text: string) =>
  text.length > previewLength ? `${text.slice(0, previewLength)}…` : text;

export function CommentsDrawer(props: CommentsDrawerProps) {
  const { spaceId, pageId, open, canComment, locale, blocks, anchorBlockId, onClose, onOpenBlock } =
    props;
  const focusCommentId = props.focusCommentId ?? null;
  const { t } = useTranslation();
  const comments = usePageComments(pageId, open);
  const create = useCreateComment(pageId);
  const update = useUpdateComment(pageId);
  const remove = useDeleteComment(pageId);
  const [content, setContent] = useState('');
  const input = useRef<CommentInputHandle>(null);
  const [blockId, setBlockId] = useState<string | null>(anchorBlockId);
  const drawerWidth = useDrawerWidth(420);

  useEffect(() => {
    if (open) setBlockId(anchorBlockId);
  }, [open, anchorBlockId]);

  // others may have written since the page opened (the toolbar count loads with the page)
  const { refetch } = comments;
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);

  // the comment a notification pointed at: scrolled to once it is drawn (the list arrives after
  // the drawer opens, and the drawer slides in)
  const listed = comments.data !== undefined;
  useEffect(() => {
    if (!open || !focusCommentId || !listed) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      const element = document.querySelector(
        `.page-comments-drawer [data-comment-id="${CSS.escape(focusCommentId)}"]`,
      );
      element?.scrollIntoView({ block: 'center' });
      if (element || tries >= 30) clearInterval(timer);
    }, 100);
    return () => clearInterval(timer);
  }, [open, focusCommentId, listed]);

  const blockLabel = (id: string) => {
    const block = findBlock(blocks(), id);
    if (!block) return null;
    return preview(blockText(block)) || t(`page.blockType.${typeLabel(block.type)}`);
  };

  const submit = () => {
    const stored = input.current?.stored().trim() ?? '';
    if (!stored) return;
    create.mutate(
      { content: stored, blockId },
      {
        onSuccess: () => {
          input.current?.clear();
          setBlockId(null);
        },
      },
    );
  };

  const blockOptions = open
    ? blocks().map((block) => ({
        value: block.id,
        label: preview(blockText(block)) || t(`page.blockType.${typeLabel(block.type)}`),
      }))
    : [];

  return (
    <Drawer
      title={t('page.comments.title')}
      open={open}
      onClose={onClose}
      size={drawerWidth}
      className="page-comments-drawer"
      // a side panel: the page stays visible, so an opened block can be seen highlighted
      mask={false}
    >
      {canComment ? (
        <div className="page-comment-new">
          <CommentInput
            spaceId={spaceId}
            placeholder={t('page.comments.placeholder')}
            handle={input}
            onTextChange={setContent}
            onSubmit={submit}
          />
          <Space className="page-comment-new-actions" wrap>
            <Select<string>
              size="small"
              className="page-comment-block-select"
              value={blockId ?? noBlock}
              onChange={(value) => setBlockId(value === noBlock ? null : value)}
              showSearch={{ optionFilterProp: 'label' }}
              popupMatchSelectWidth={false}
              aria-label={t('page.comments.anchor')}
              options={[{ value: noBlock, label: t('page.comments.anchorNone') }, ...blockOptions]}
            />
            <Button
              type="primary"
              size="small"
              loading={create.isPending}
              disabled={!content.trim()}
              onClick={submit}
            >
              {t('page.comments.send')}
            </Button>
          </Space>
        </div>
      ) : (
        <Alert type="info" title={t('page.comments.noPermission')} className="page-comment-new" />
      )}
      {comments.isLoading ? (
        <Skeleton active avatar />
      ) : (comments.data?.list.length ?? 0) === 0 ? (
        <Empty description={t('page.comments.empty')} />
      ) : (
        <CommentTree
          comments={comments.data?.list ?? []}
          locale={locale}
          spaceId={spaceId}
          canReply={canComment}
          onReply={(parent, text) =>
            create.mutateAsync({ content: text, parentId: parent.commentId })
          }
          onEdit={(comment, text) =>
            update.mutateAsync({ commentId: comment.commentId, content: text })
          }
          onDelete={(comment) => remove.mutateAsync(comment.commentId)}
          onOpenBlock={onOpenBlock}
          blockLabel={blockLabel}
          focusedId={focusCommentId}
        />
      )}
    </Drawer>
  );
}

const knownTypes = ['image', 'file', 'table', 'divider'] as const;
function typeLabel(type: string): (typeof knownTypes)[number] | 'other' {
  return (knownTypes as readonly string[]).includes(type)
    ? (type as (typeof knownTypes)[number])
    : 'other';
}
