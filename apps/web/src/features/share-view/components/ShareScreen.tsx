// `/s/:token`: a share opened without an account. A protected share asks for its password first;
// then the shared page (or the shared topic's or space's pages, with their contents) is shown
// read-only, images and downloads through the share's own file URLs. A revoked, expired or
// unpublished share — also one that ends while it is open — shows 'not found'.
import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Input,
  Result,
  Skeleton,
  Tag,
  Tree,
  Typography,
  theme as antdTheme,
} from 'antd';
import { DownloadOutlined, LockOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ErrorCode,
  defaultLocale,
  fileIdOfBlockUrl,
  isLocale,
  type Block,
  type ShareMeta,
  type TreeNode,
} from '@library/contract';
import { ApiError } from '../../../lib/api-client';
import { resolveImagePath } from '../../../lib/image-path';
import dayjs from '../../../lib/dayjs';
import { usePreferencesStore } from '../../../stores/preferences-store';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { ProductMark } from '../../../components/ProductLogo';
import { ThemeSwitcher } from '../../../components/ThemeSwitcher';
import { CommentTree, StaticPage } from '../../page';
import { saveGrant, savedGrant, shareFileUrl, shareView } from '../api/share-view-api';
import { ShareAsk } from './ShareAsk';
import '../share-view.css';

const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;
const needsUnlock = (error: unknown) =>
  error instanceof ApiError && error.code === ErrorCode.sharePasswordRequired;

export function ShareScreen() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const { token: colors } = antdTheme.useToken();
  const [grant, setGrant] = useState<string | null>(() => savedGrant(token));
  const meta = useQuery({
    queryKey: ['share-view', token, 'meta', grant ?? ''],
    queryFn: ({ signal }) => shareView.meta(token, grant, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const forget = () => {
    saveGrant(token, null);
    setGrant(null);
  };

  let body;
  if (meta.isPending) {
    body = (
      <div className="share-centre">
        <Skeleton active />
      </div>
    );
  } else if (meta.isError) {
    body = isMissing(meta.error) ? (
      <ShareNotFound />
    ) : (
      <div className="share-centre">
        <Result
          status="warning"
          title={t('share.view.failed')}
          extra={<Button onClick={() => void meta.refetch()}>{t('share.view.retry')}</Button>}
        />
      </div>
    );
  } else if (meta.data.protected && !meta.data.unlocked) {
    body = (
      <UnlockForm
        token={token}
        onUnlocked={(next) => {
          saveGrant(token, next);
          setGrant(next);
        }}
      />
    );
  } else {
    body = <SharedContent token={token} grant={grant} meta={meta.data} onLocked={forget} />;
  }

  return (
    <div className="share-screen">
      <header
        className="share-topbar"
        style={{ background: colors.colorBgContainer, borderColor: colors.colorSplit }}
      >
        <ProductMark size={24} />
        <span className="share-topbar-title">
          {meta.data && (!meta.data.protected || meta.data.unlocked) ? meta.data.title : ''}
        </span>
        <LanguageSwitcher />
        <ThemeSwitcher />
      </header>
      {body}
    </div>
  );
}

function ShareNotFound() {
  const { t } = useTranslation();
  return (
    <div className="share-centre" data-testid="share-not-found">
      <Result
        status="404"
        title={t('share.view.notFound')}
        subTitle={t('share.view.notFoundHint')}
      />
    </div>
  );
}

function UnlockForm({ token, onUnlocked }: { token: string; onUnlocked: (grant: string) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [gone, setGone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { grant } = await shareView.unlock(token, password);
      onUnlocked(grant);
    } catch (caught) {
      if (isMissing(caught)) setGone(true);
      else if (caught instanceof ApiError && caught.code === ErrorCode.tooFrequent) {
        setError(t('share.view.tooFrequent'));
      } else if (
        caught instanceof ApiError &&
        (caught.code === ErrorCode.sharePasswordInvalid ||
          caught.code === ErrorCode.sharePasswordRequired)
      ) {
        setError(t('share.view.wrongPassword'));
      } else setError(t('share.view.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (gone) return <ShareNotFound />;
  return (
    <div className="share-centre">
      <Card className="share-lock-card">
        <form onSubmit={(event) => void submit(event)} className="share-lock-form">
          <LockOutlined className="share-lock-icon" />
          <Typography.Title level={4}>{t('share.view.locked')}</Typography.Title>
          <Typography.Text type="secondary">{t('share.view.lockedHint')}</Typography.Text>
          <Input.Password
            size="large"
            value={password}
            autoFocus
            aria-label={t('share.password')}
            placeholder={t('share.password')}
            status={error ? 'error' : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          {error && (
            <Typography.Text type="danger" role="alert">
              {error}
            </Typography.Text>
          )}
          <Button type="primary" size="large" htmlType="submit" block loading={busy}>
            {t('share.view.unlock')}
          </Button>
        </form>
      </Card>
    </div>
  );
}

interface TreeItem {
  key: string;
  title: string;
  selectable: boolean;
  isLeaf?: boolean;
  children?: TreeItem[];
}

function treeItems(nodes: TreeNode[]): TreeItem[] {
  return nodes.flatMap((node): TreeItem[] => {
    if (node.type === 'topic') {
      return [
        {
          key: node.topicId,
          title: node.name,
          selectable: false,
          children: treeItems(node.children),
        },
      ];
    }
    if (node.type === 'page') {
      return [{ key: node.pageId, title: node.name, selectable: true, isLeaf: true }];
    }
    return [];
  });
}

function firstPage(nodes: TreeNode[]): string | null {
  for (const node of nodes) {
    if (node.type === 'page') return node.pageId;
    if (node.type === 'topic') {
      const inside = firstPage(node.children);
      if (inside) return inside;
    }
  }
  return null;
}

/** The blocks that hold one of our files, in page order (children too). */
function fileBlocks(blocks: Block[]): Array<{ fileId: string; name: string }> {
  const found: Array<{ fileId: string; name: string }> = [];
  const walk = (list: Block[]) => {
    for (const block of list) {
      const props = (block.props ?? {}) as Record<string, unknown>;
      const fileId = typeof props['url'] === 'string' ? fileIdOfBlockUrl(props['url']) : null;
      if (fileId && !found.some((item) => item.fileId === fileId)) {
        found.push({ fileId, name: typeof props['name'] === 'string' ? props['name'] : fileId });
      }
      if (Array.isArray(block.children)) walk(block.children as Block[]);
    }
  };
  walk(blocks);
  return found;
}

function SharedContent({
  token,
  grant,
  meta,
  onLocked,
}: {
  token: string;
  grant: string | null;
  meta: ShareMeta;
  onLocked: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { token: colors } = antdTheme.useToken();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const theme = usePreferencesStore((state) => state.theme);
  const [search, setSearch] = useSearchParams();
  const tree = useQuery({
    queryKey: ['share-view', token, 'tree', grant ?? ''],
    queryFn: ({ signal }) => shareView.tree(token, grant, signal),
    enabled: meta.pageId === null,
    retry: false,
  });
  const pageId = meta.pageId ?? search.get('page') ?? (tree.data ? firstPage(tree.data) : null);
  const blocks = useQuery({
    queryKey: ['share-view', token, 'blocks', pageId, grant ?? ''],
    queryFn: ({ signal }) => shareView.blocks(token, grant, pageId!, signal),
    enabled: pageId !== null,
    retry: false,
  });
  const detail = useQuery({
    queryKey: ['share-view', token, 'page', pageId, grant ?? ''],
    queryFn: ({ signal }) => shareView.page(token, grant, pageId!, signal),
    enabled: pageId !== null,
    retry: false,
  });
  const comments = useQuery({
    queryKey: ['share-view', token, 'comments', pageId, grant ?? ''],
    queryFn: ({ signal }) => shareView.comments(token, grant, pageId!, signal),
    enabled: pageId !== null && meta.showComments,
    retry: false,
  });
  const useFileUrl = useMemo(
    () => (url: string) => {
      const fileId = fileIdOfBlockUrl(url);
      return fileId ? shareFileUrl(token, grant, fileId) : (resolveImagePath(url) ?? url);
    },
    [token, grant],
  );
  const items = useMemo(() => (tree.data ? treeItems(tree.data) : []), [tree.data]);

  const errors = [tree.error, blocks.error, detail.error];
  if (errors.some(needsUnlock)) {
    // the grant ran out or the password changed: ask again
    queueMicrotask(onLocked);
    return null;
  }
  if (errors.some(isMissing)) return <ShareNotFound />;

  const attachments = blocks.data ? fileBlocks(blocks.data.blocks) : [];
  return (
    <div className="share-body">
      {meta.pageId === null && (
        <Card size="small" className="share-contents" title={t('share.view.contents')}>
          {tree.isPending ? (
            <Skeleton active />
          ) : items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Tree
              treeData={items}
              defaultExpandAll
              blockNode
              selectedKeys={pageId ? [pageId] : []}
              onSelect={(keys) => {
                const key = keys[0];
                if (typeof key === 'string') setSearch({ page: key });
              }}
            />
          )}
        </Card>
      )}
      <main className="share-page" style={{ background: colors.colorBgContainer }}>
        {pageId === null && !tree.isPending ? (
          <Empty description={t('share.view.choosePage')} />
        ) : blocks.isPending || detail.isPending ? (
          <div className="share-page-title">
            <Skeleton active />
          </div>
        ) : blocks.isError || detail.isError ? (
          <Result status="warning" title={t('share.view.failed')} />
        ) : (
          <>
            <div className="share-page-title">
              <Typography.Title level={2}>{detail.data.title}</Typography.Title>
              <Tag className="share-readonly-tag">{t('share.view.readOnly')}</Tag>
              {meta.expiresAt && (
                <Typography.Text type="secondary">
                  {t('share.view.expiresAt', {
                    date: dayjs(meta.expiresAt).format('YYYY-MM-DD HH:mm'),
                  })}
                </Typography.Text>
              )}
            </div>
            <StaticPage
              blocks={blocks.data.blocks}
              locale={locale}
              theme={theme}
              asEditor
              useFileUrl={useFileUrl}
            />
            {meta.allowDownload && attachments.length > 0 && (
              <section className="share-attachments" aria-label={t('share.view.attachments')}>
                <Typography.Title level={5}>
                  <PaperClipOutlined /> {t('share.view.attachments')}
                </Typography.Title>
                <ul className="share-attachment-list">
                  {attachments.map((file) => (
                    <li key={file.fileId}>
                      <span className="share-attachment-name">{file.name}</span>
                      <Button
                        size="small"
                        icon={<DownloadOutlined />}
                        href={shareFileUrl(token, grant, file.fileId, true)}
                        download={file.name}
                      >
                        {t('share.view.download')}
                      </Button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {meta.showComments && (
              <section className="share-comments" aria-label={t('share.view.comments')}>
                <Typography.Title level={5}>{t('share.view.comments')}</Typography.Title>
                {comments.data && comments.data.list.length > 0 ? (
                  <CommentTree
                    comments={comments.data.list}
                    locale={locale}
                    // read only: no comment box, nobody to mention
                    spaceId=""
                    canReply={false}
                    onReply={async () => undefined}
                    onEdit={async () => undefined}
                    onDelete={async () => undefined}
                    onOpenBlock={() => undefined}
                    blockLabel={() => null}
                  />
                ) : (
                  <Typography.Text type="secondary">{t('share.view.noComments')}</Typography.Text>
                )}
              </section>
            )}
          </>
        )}
      </main>
      {meta.allowAi && (
        <ShareAsk
          token={token}
          grant={grant}
          onLocked={onLocked}
          onOpenPage={(cited) => {
            if (meta.pageId === null) setSearch({ page: cited });
          }}
        />
      )}
    </div>
  );
}
