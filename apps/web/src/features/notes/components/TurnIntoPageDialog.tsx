// 'Turn into page': choose a space the user can edit and, optionally, a topic; the new page
// opens when it is made.
import { useState } from 'react';
import { Empty, Form, Modal, Select, TreeSelect } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { toast } from '../../../components/toast';
import { useSpaceGroups } from '../../../lib/space-groups';
import { useNoteToPage } from '../api/note-to-page';
import { useTopicTree } from '../api/get-topic-tree';
import { editableSpaces, topicOptions } from '../lib/topic-options';

export function TurnIntoPageDialog({
  noteId,
  saving,
  onClose,
}: {
  noteId: string;
  /** the note still has changes on their way; the page waits for them */
  saving: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = useSpaceGroups();
  const spaces = editableSpaces(groups.data ?? []);
  const [spaceId, setSpaceId] = useState<string | null>(null);
  const [topicId, setTopicId] = useState<string | null>(null);
  const tree = useTopicTree(spaceId);
  const toPage = useNoteToPage();

  const handleOk = () => {
    if (!spaceId) return;
    toPage.mutate(
      { noteId, spaceId, parentId: topicId },
      {
        onSuccess: (result) => {
          toast.success(t('notes.toPageDone'));
          onClose();
          void navigate(paths.spacePage.getHref(result.spaceId, result.pageId));
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('notes.toPageTitle')}
      okText={t('notes.toPageSubmit')}
      cancelText={t('common.cancel')}
      onOk={handleOk}
      onCancel={onClose}
      okButtonProps={{ disabled: !spaceId || saving, loading: toPage.isPending }}
      destroyOnHidden
    >
      <Form layout="vertical" className="note-to-page-form">
        <Form.Item label={t('notes.toPageSpace')} htmlFor="note-to-page-space">
          <Select
            id="note-to-page-space"
            value={spaceId}
            loading={groups.isPending}
            placeholder={t('notes.toPageSpacePlaceholder')}
            options={spaces.map((space) => ({ value: space.spaceId, label: space.name }))}
            notFoundContent={
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notes.toPageNoSpaces')} />
            }
            onChange={(value: string) => {
              setSpaceId(value);
              setTopicId(null);
            }}
          />
        </Form.Item>
        <Form.Item label={t('notes.toPageTopic')} htmlFor="note-to-page-topic">
          <TreeSelect
            id="note-to-page-topic"
            allowClear
            disabled={!spaceId}
            loading={spaceId !== null && tree.isPending}
            value={topicId ?? undefined}
            placeholder={t('notes.toPageTopicPlaceholder')}
            treeData={topicOptions(tree.data ?? [])}
            treeDefaultExpandAll
            onChange={(value: string | undefined) => setTopicId(value ?? null)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
