// The uploads of a space (or a page): one row per file with its progress bar and what can be
// done with it now — cancel while it waits or runs, retry or remove after a failure.
import { Button, Progress, Tooltip, Typography } from 'antd';
import { CloseOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n';
import { uploadQueue } from '../hooks/use-uploads';
import { formatFileSize } from '../lib/file-size';
import { uploadPercent, type UploadItem } from '../lib/upload-queue';
import './files.css';

const progressStatus = {
  queued: 'normal',
  uploading: 'active',
  done: 'success',
  failed: 'exception',
  cancelled: 'normal',
} as const;

export function UploadList({
  items,
  spaceId,
  compact = false,
}: {
  items: UploadItem[];
  spaceId: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const finished = items.some((item) => item.status === 'done' || item.status === 'cancelled');
  return (
    <section
      className={`file-uploads${compact ? ' is-compact' : ''}`}
      aria-label={t('files.uploads.title')}
    >
      <div className="file-uploads-head">
        <Typography.Text strong>{t('files.uploads.title')}</Typography.Text>
        {finished && (
          <Button size="small" type="link" onClick={() => uploadQueue.clearFinished(spaceId)}>
            {t('files.uploads.clearFinished')}
          </Button>
        )}
      </div>
      <ul>
        {items.map((item) => (
          <UploadRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const percent = uploadPercent(item);
  const statusText =
    item.status === 'uploading'
      ? t('files.uploads.uploading', { percent })
      : item.status === 'failed'
        ? item.networkError
          ? t('files.uploads.networkError')
          : (item.error ?? t('files.uploads.failed'))
        : t(`files.uploads.${item.status}`);
  return (
    <li className={`file-upload is-${item.status}`} data-upload-status={item.status}>
      <div className="file-upload-line">
        <Typography.Text ellipsis className="file-upload-name" title={item.name}>
          {item.name}
        </Typography.Text>
        <Typography.Text type="secondary" className="file-upload-size">
          {formatFileSize(item.size, currentLocale())}
        </Typography.Text>
        <span className="file-upload-actions">
          {(item.status === 'queued' || item.status === 'uploading') && (
            <Tooltip title={t('files.uploads.cancel')}>
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                aria-label={`${t('files.uploads.cancel')}: ${item.name}`}
                onClick={() => uploadQueue.cancel(item.id)}
              />
            </Tooltip>
          )}
          {/* a refusal (empty file, type, quota) would only be refused again */}
          {item.status === 'failed' && item.networkError && (
            <Button
              size="small"
              type="link"
              icon={<ReloadOutlined />}
              aria-label={`${t('files.uploads.retry')}: ${item.name}`}
              onClick={() => uploadQueue.retry(item.id)}
            >
              {t('files.uploads.retry')}
            </Button>
          )}
          {(item.status === 'failed' || item.status === 'cancelled' || item.status === 'done') && (
            <Tooltip title={t('files.uploads.dismiss')}>
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`${t('files.uploads.dismiss')}: ${item.name}`}
                onClick={() => uploadQueue.dismiss(item.id)}
              />
            </Tooltip>
          )}
        </span>
      </div>
      <Progress
        percent={percent}
        size="small"
        status={progressStatus[item.status]}
        showInfo={false}
        aria-label={t('files.uploads.progress', { name: item.name })}
      />
      <Typography.Text
        type={item.status === 'failed' ? 'danger' : 'secondary'}
        className="file-upload-status"
        role={item.status === 'failed' ? 'alert' : undefined}
      >
        {statusText}
      </Typography.Text>
    </li>
  );
}
