// A space's file library: every file with size, uploader, time and the pages using it; search,
// pagination (spec §9 grid defaults), preview, download, rename and delete (to the recycle bin,
// with an 'undo' in the toast for a few seconds)
// as each file's abilities allow; upload of several files by the picker or by dropping them
// anywhere on the library, each with its own progress, cancel and retry.
import { useRef, useState, type DragEvent } from 'react';
import {
  Button,
  Dropdown,
  Empty,
  Input,
  Modal,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import {
  CloudUploadOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  InboxOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { limits, recycleRetentionDays, type SpaceFile } from '@library/contract';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { formatShortDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useSearchPaging } from '../../../hooks/use-search-paging';
import { useDeviceStore } from '../../../stores/device-store';
import { useRestoreRecycleItem } from '../../recycle';
import { useDeleteSpaceFile } from '../api/delete-space-file';
import { fileKeys } from '../api/file-keys';
import { useSpaceFiles } from '../api/get-space-files';
import { useRenameSpaceFile } from '../api/rename-space-file';
import { useDownloadFile } from '../hooks/use-download-file';
import { useUploads, useUploadToSpace } from '../hooks/use-uploads';
import { formatFileSize } from '../lib/file-size';
import { FileKindIcon } from './FileKindIcon';
import { FilePreview, prefetchPreview } from './FilePreview';
import { UploadList } from './UploadList';
import './files.css';

export interface FileLibraryProps {
  spaceId: string;
  /** the caller may upload into the space (an editor or more) */
  canUpload: boolean;
}

/** How long the 'undo' of a delete stays offered. */
const undoMs = 6000;

/** Files of a drag: only real files (not text or links dragged from a page). */
function draggedFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

export function FileLibrary({ spaceId, canUpload }: FileLibraryProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const mobile = useDeviceStore((state) => state.deviceMode === 'Mobile');
  const [modal, modalHolder] = Modal.useModal();
  const { keywords, query, searchInput, pager } = useSearchPaging(limits.gridPageSize);
  const [previewing, setPreviewing] = useState<SpaceFile | null>(null);
  const [renaming, setRenaming] = useState<SpaceFile | null>(null);
  const [dragDepth, setDragDepth] = useState(0);
  const picker = useRef<HTMLInputElement>(null);

  const list = useSpaceFiles(spaceId, query);
  const uploads = useUploads(spaceId);
  const upload = useUploadToSpace(spaceId);
  const remove = useDeleteSpaceFile();
  const restore = useRestoreRecycleItem();
  const queryClient = useQueryClient();
  const { download, isDownloading } = useDownloadFile();

  const handleFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    upload(Array.from(files));
  };

  const handleDelete = (file: SpaceFile) => {
    void modal.confirm({
      title: t('files.deleteTitle', { name: file.name }),
      content: t('files.deleteText', { days: recycleRetentionDays }),
      okText: t('files.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const { recycleId } = await remove.mutateAsync(file);
        toast.success(t('files.deleted', { name: file.name }), {
          duration: undoMs,
          action: {
            label: t('files.undo'),
            onClick: () => {
              void restore.mutateAsync(recycleId).then(async () => {
                await queryClient.invalidateQueries({ queryKey: fileKeys.lists(spaceId) });
                toast.success(t('files.restored', { name: file.name }));
              });
            },
          },
        });
      },
    });
  };

  const columns: TableColumnsType<SpaceFile> = [
    {
      key: 'name',
      title: t('files.columns.name'),
      render: (_, file) => (
        <button
          type="button"
          className="file-name-button"
          onClick={() => setPreviewing(file)}
          onPointerEnter={() => prefetchPreview(file)}
          onFocus={() => prefetchPreview(file)}
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
          {file.abilities.canDownload && (
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
                { key: 'preview', icon: <EyeOutlined />, label: t('files.preview') },
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
                if (key === 'preview') setPreviewing(file);
                if (key === 'rename') setRenaming(file);
                if (key === 'delete') handleDelete(file);
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

  const data = list.data;
  const dropping = dragDepth > 0;
  return (
    <div
      className={`file-library${dropping ? ' is-dropping' : ''}`}
      onDragEnter={(event) => {
        if (!canUpload || !draggedFiles(event)) return;
        event.preventDefault();
        setDragDepth((depth) => depth + 1);
      }}
      onDragOver={(event) => {
        if (!canUpload || !draggedFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => setDragDepth((depth) => Math.max(0, depth - 1))}
      onDrop={(event) => {
        if (!canUpload || !draggedFiles(event)) return;
        event.preventDefault();
        setDragDepth(0);
        handleFiles(event.dataTransfer.files);
      }}
    >
      {modalHolder}
      <div className="file-library-toolbar">
        <Input.Search
          allowClear
          className="file-library-search"
          placeholder={t('files.searchPlaceholder')}
          aria-label={t('files.searchPlaceholder')}
          {...searchInput}
        />
        {canUpload && (
          <>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              data-testid="file-library-input"
              onChange={(event) => {
                handleFiles(event.target.files);
                event.target.value = '';
              }}
            />
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              onClick={() => picker.current?.click()}
            >
              {t('files.upload')}
            </Button>
          </>
        )}
      </div>
      {canUpload ? (
        <div className="file-drop-hint" aria-hidden={!dropping}>
          <InboxOutlined />
          <span>{dropping ? t('files.dropActive') : t('files.dropHint')}</span>
        </div>
      ) : (
        <Typography.Text type="secondary" className="file-read-only">
          {t('files.readOnly')}
        </Typography.Text>
      )}
      <UploadList items={uploads} spaceId={spaceId} />
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} aria-busy="true" />
      ) : (
        <Table<SpaceFile>
          rowKey="fileId"
          className="file-table"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={list.isFetching && !list.isPending}
          size={mobile ? 'small' : 'middle'}
          locale={{
            emptyText: keywords ? (
              <Empty description={t('files.noResults', { keywords })} />
            ) : (
              <Empty
                description={
                  <span className="file-empty">
                    <Typography.Text strong>{t('files.empty')}</Typography.Text>
                    <Typography.Text type="secondary">{t('files.emptyHint')}</Typography.Text>
                  </span>
                }
              />
            ),
          }}
          pagination={{
            ...pager,
            total: data?.total ?? 0,
            pageSizeOptions: limits.gridPageSizes.map(String),
            showSizeChanger: true,
            // antd keeps a window of page buttons around the current page, close to spec §9's
            // seven (it cannot be set to an exact count)
            showTotal: (total) => t('files.total', { total }),
            simple: mobile,
          }}
        />
      )}
      <FilePreview file={previewing} onClose={() => setPreviewing(null)} />
      <RenameFileDialog
        key={renaming?.fileId ?? 'none'}
        file={renaming}
        onClose={() => setRenaming(null)}
      />
    </div>
  );
}

function FilePages({ file }: { file: SpaceFile }) {
  const { t } = useTranslation();
  if (file.pages.length === 0) {
    return <Typography.Text type="secondary">{t('files.noPages')}</Typography.Text>;
  }
  const shown = file.pages.slice(0, 2);
  const rest = file.pages.length - shown.length;
  return (
    <span className="file-pages">
      {shown.map((page) => (
        <Link
          key={page.pageId}
          to={paths.spacePage.getHref(file.spaceId, page.pageId)}
          className="file-page-link"
          title={page.name}
        >
          {page.name}
        </Link>
      ))}
      {rest > 0 && (
        <Tooltip
          title={file.pages
            .slice(2)
            .map((page) => page.name)
            .join('、')}
        >
          <Typography.Text type="secondary">
            {t('files.morePages', { count: rest })}
          </Typography.Text>
        </Tooltip>
      )}
    </span>
  );
}

function RenameFileDialog({ file, onClose }: { file: SpaceFile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameSpaceFile();
  const [name, setName] = useState(file?.name ?? '');
  const trimmed = name.trim();
  const submit = () => {
    if (!file || !trimmed || trimmed === file.name) return;
    rename.mutate(
      { fileId: file.fileId, name: trimmed },
      {
        onSuccess: (renamed) => {
          toast.success(t('files.renamed', { name: renamed.name }));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={file !== null}
      title={t('files.renameTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !trimmed || trimmed === file?.name, loading: rename.isPending }}
      destroyOnHidden
    >
      <Input
        autoFocus
        value={name}
        maxLength={limits.nameMax}
        aria-label={t('files.renamePlaceholder')}
        placeholder={t('files.renamePlaceholder')}
        onChange={(event) => setName(event.target.value)}
        onPressEnter={submit}
      />
    </Modal>
  );
}
