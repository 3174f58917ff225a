// Renaming a file of the library: a small dialog with the name, saved on OK or Enter.
import { useState } from 'react';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, type SpaceFile } from '@library/contract';
import { toast } from '../../../components/toast';
import { useRenameSpaceFile } from '../api/rename-space-file';

export function RenameFileDialog({
  file,
  onClose,
}: {
  file: SpaceFile | null;
  onClose: () => void;
}) {
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
