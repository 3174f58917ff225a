// A version against the draft, block by block: added (green), removed (red, struck through),
// changed (amber, before → after), unchanged (muted).
import { Alert, Empty, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Block, BlockDiff, BlockDiffKind } from '@library/contract';
import { usePageVersionDiff } from '../api/get-page-version-diff';
import { blockText } from '../lib/block-text';

const tagColors: Record<BlockDiffKind, string> = {
  added: 'green',
  removed: 'red',
  changed: 'gold',
  unchanged: 'default',
};

function BlockPreview({ block }: { block: Block | undefined }) {
  const { t } = useTranslation();
  if (!block) return null;
  const text = blockText(block);
  return <span className="page-diff-text">{text || t('page.versions.emptyBlock')}</span>;
}

function DiffRow({ diff }: { diff: BlockDiff }) {
  const { t } = useTranslation();
  return (
    <li className={`page-diff-row page-diff-${diff.change}`} data-change={diff.change}>
      <Tag color={tagColors[diff.change]}>{t(`page.versions.${diff.change}`)}</Tag>
      {diff.change === 'changed' ? (
        <div className="page-diff-body">
          <div className="page-diff-before">
            <Typography.Text type="secondary">{t('page.versions.before')}：</Typography.Text>
            <BlockPreview block={diff.before} />
          </div>
          <div className="page-diff-after">
            <Typography.Text type="secondary">{t('page.versions.after')}：</Typography.Text>
            <BlockPreview block={diff.after} />
          </div>
        </div>
      ) : (
        <div className="page-diff-body">
          <BlockPreview block={diff.after ?? diff.before} />
        </div>
      )}
    </li>
  );
}

export function VersionDiff({ pageId, version }: { pageId: string; version: number }) {
  const { t } = useTranslation();
  const diff = usePageVersionDiff(pageId, version);
  if (diff.isLoading) return <Skeleton active />;
  if (diff.isError) return <Alert type="error" title={t('page.loadFailed')} />;
  const list = diff.data?.list ?? [];
  if (!list.some((item) => item.change !== 'unchanged')) {
    return <Empty description={t('page.versions.diffEmpty')} />;
  }
  return (
    <ul className="page-diff-list">
      {list.map((item) => (
        <DiffRow key={`${item.blockId}-${item.change}`} diff={item} />
      ))}
    </ul>
  );
}
