// The file library's table columns: name (with the text-extraction state), size, uploader, time
// and pages on a desktop — on a phone the name cell carries them — and the actions each file's
// abilities allow.
import { Button, Dropdown, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import type { SpaceFile } from '@library/contract';
import { formatShortDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useFeature } from '../../../hooks/use-feature';
import { useDownloadFile } from '../hooks/use-download-file';
import { formatFileSize } from '../lib/file-size';
import { FileKindIcon } from './FileKindIcon';
import { FilePages } from './FilePages';
import { prefetchPreview } from './FilePreview';

export interface FileColumnsOptions {
  mobile: boolean;
  onPreview: (file: SpaceFile) => void;
  onRename: (file: SpaceFile) => void;
  onDelete: (file: SpaceFile) => void;
}

export function useFileColumns({
  mobile,
  onPreview,
  onRename,
  onDelete,
}: FileColumnsOptions): TableColumnsType<SpaceFile> {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { download, isDownloading } = useDownloadFile();
  // what the provider switched off for the account (spec §6) is not offered
  const previewOn = useFeature('previewFile');
  const downloadOn = useFeature('downloadFile');
  return [
    {
      key: 'name',
      title: t('files.columns.name'),
      render: (_, file) => (
        <button
          type="button"
          className="file-name-button"
          onClick={() => onPreview(file)}
          onPointerEnter={() => previewOn && prefetchPreview(file)}
          onFocus={() => previewOn && prefetchPreview(file)}
          disabled={!previewOn}
          title={previewOn ? undefined : t('common.featureOff')}
          aria-label={`${t('files.preview')}: ${file.name}`}
        >
          <FileKindIcon kind={file.kind} />
          <span className="file-name-text">
            <span className="file-name-main">{file.name}</span>
            {mobile && (
              <span className="file-name-sub">
                {formatFileSize(file.size, locale)} · {file.uploader.nickname} ·{' '}
                {formatShortDate(file.createdAt, locale)}
              </span>
            )}
          </span>
          {(file.textStatus === 'pending' || file.textStatus === 'failed') && (
            <Tag
              className="file-text-status"
              color={file.textStatus === 'failed' ? 'warning' : 'processing'}
              variant="filled"
            >
              {t(`files.textStatus.${file.textStatus}`)}
            </Tag>
          )}
        </button>
      ),
    },
    ...(mobile
      ? []
      : [
          {
            key: 'size',
            title: t('files.columns.size'),
            width: 96,
            render: (_: unknown, file: SpaceFile) => (
              <span className="file-size">{formatFileSize(file.size, locale)}</span>
            ),
          },
          {
            key: 'uploader',
            title: t('files.columns.uploader'),
            width: 120,
            render: (_: unknown, file: SpaceFile) => (
              <Typography.Text ellipsis>{file.uploader.nickname}</Typography.Text>
            ),
          },
          {
            key: 'createdAt',
            title: t('files.columns.createdAt'),
            width: 150,
            render: (_: unknown, file: SpaceFile) => (
              <time dateTime={file.createdAt} className="file-date">
                {formatShortDate(file.createdAt, locale)} {dayjs(file.createdAt).format('HH:mm')}
              </time>
            ),
          },
          {
            key: 'pages',
            title: t('files.columns.pages'),
            render: (_: unknown, file: SpaceFile) => <FilePages file={file} />,
          },
        ]),
    {
      key: 'actions',
      title: mobile ? undefined : t('files.columns.actions'),
      align: 'right',
      width: mobile ? 80 : 120,
      render: (_, file) => (
        <Space size={0} className="file-actions">
          {file.abilities.canDownload && downloadOn && (
            <Tooltip title={t('files.download')}>
              <Button
                size="small"
                type="text"
                icon={<DownloadOutlined />}
                loading={isDownloading(file.fileId)}
                aria-label={`${t('files.download')}: ${file.name}`}
                onClick={() => void download(file)}
              />
            </Tooltip>
          )}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...(previewOn
                  ? [{ key: 'preview', icon: <EyeOutlined />, label: t('files.preview') }]
                  : []),
                ...(file.abilities.canRename
                  ? [{ key: 'rename', icon: <EditOutlined />, label: t('files.rename') }]
                  : []),
                ...(file.abilities.canDelete
                  ? [
                      {
                        key: 'delete',
                        icon: <DeleteOutlined />,
                        label: t('files.delete'),
                        danger: true,
                      },
                    ]
                  : []),
              ],
              onClick: ({ key }) => {
                if (key === 'preview') onPreview(file);
                if (key === 'rename') onRename(file);
                if (key === 'delete') onDelete(file);
              },
            }}
          >
            <Button
              size="small"
              type="text"
              icon={<MoreOutlined />}
              aria-label={`${t('files.more')}: ${file.name}`}
            />
          </Dropdown>
        </Space>
      ),
    },
  ];
}
