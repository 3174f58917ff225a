// A space's file library: every file with size, uploader, time and the pages using it; search,
// pagination (spec §9 grid defaults), preview, download, rename and delete (to the recycle bin,
// with an 'undo' in the toast for a few seconds) as each file's abilities allow; upload of several
// files by the picker or by dropping them anywhere on the library, each with its own progress,
// cancel and retry. The columns, the drop area and the rename dialog are in their own modules.
import { useRef, useState } from 'react';
import { Button, Empty, Input, Modal, Skeleton, Table, Typography } from 'antd';
import { CloudUploadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { limits, recycleRetentionDays, type SpaceFile } from '@library/contract';
import { toast } from '../../../components/toast';
import { useSearchPaging } from '../../../hooks/use-search-paging';
import { useDeviceStore } from '../../../stores/device-store';
import { useRestoreRecycleItem } from '../../recycle';
import { useDeleteSpaceFile } from '../api/delete-space-file';
import { fileKeys } from '../api/file-keys';
import { useSpaceFiles } from '../api/get-space-files';
import { useFileDrop } from '../hooks/use-file-drop';
import { useUploads, useUploadToSpace } from '../hooks/use-uploads';
import { useFileColumns } from './file-columns';
import { FilePreview } from './FilePreview';
import { RenameFileDialog } from './RenameFileDialog';
import { UploadList } from './UploadList';
import { useFeature } from '../../../hooks/use-feature';
import './files.css';

export interface FileLibraryProps {
  spaceId: string;
  /** the caller may upload into the space (an editor or more) */
  canUpload: boolean;
}

/** How long the 'undo' of a delete stays offered. */
const undoMs = 6000;

export function FileLibrary({ spaceId, canUpload: uploadAllowed }: FileLibraryProps) {
  const { t } = useTranslation();
  // the provider may switch uploading off for the account (spec §6)
  const uploadOn = useFeature('uploadFile');
  const canUpload = uploadAllowed && uploadOn;
  const mobile = useDeviceStore((state) => state.deviceMode === 'Mobile');
  const [modal, modalHolder] = Modal.useModal();
  const { keywords, query, searchInput, pager } = useSearchPaging(limits.gridPageSize);
  const [previewing, setPreviewing] = useState<SpaceFile | null>(null);
  const [renaming, setRenaming] = useState<SpaceFile | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const list = useSpaceFiles(spaceId, query);
  const uploads = useUploads(spaceId);
  const upload = useUploadToSpace(spaceId);
  const remove = useDeleteSpaceFile();
  const restore = useRestoreRecycleItem();
  const queryClient = useQueryClient();

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

  const columns = useFileColumns({
    mobile,
    onPreview: setPreviewing,
    onRename: setRenaming,
    onDelete: handleDelete,
  });
  const { dropping, dropZone } = useFileDrop(canUpload, handleFiles);

  const data = list.data;
  return (
    <div className={`file-library${dropping ? ' is-dropping' : ''}`} {...dropZone}>
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
            showTotal: (total) => t('files.total', { count: total }),
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
