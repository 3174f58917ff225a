// The templates a keeper manages: a space's (in its settings) or the system's (/sys/templates):
// each with cover, name, description and kind; edit (name, description, cover) and delete — a
// template with a pending creation answers 700012, shown by the API client in the reader's
// language.
import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, List, Modal, Skeleton, Space, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { defaultLocale, isLocale, templateLimits, type TemplateSummary } from '@library/contract';
import { toast } from '../../../components/toast';
import { deleteTemplate, templateKeys, updateTemplate, useTemplates } from '../api/templates';
import { TemplateCover } from './TemplateCover';
import './templates.css';

export function TemplateListSettings({ spaceId }: { spaceId: string | null }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const source = spaceId === null ? 'system' : 'space';
  const list = useTemplates(source, spaceId, locale);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TemplateSummary | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const reload = () => queryClient.invalidateQueries({ queryKey: templateKeys.all });

  const remove = (template: TemplateSummary) => {
    void modal.confirm({
      title: t('templates.deleteConfirm', { name: template.name }),
      okText: t('templates.delete'),
      okButtonProps: { danger: true },
      cancelText: t('templates.cancel'),
      onOk: async () => {
        try {
          await deleteTemplate(template.templateId);
          toast.success(t('templates.deleted'));
        } catch {
          // the API client has shown the error (700012: in use)
        }
        await reload();
      },
    });
  };

  if (list.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (list.isError) {
    return (
      <Alert
        type="error"
        title={t('templates.loadFailed')}
        action={<Button onClick={() => void list.refetch()}>{t('templates.retry')}</Button>}
      />
    );
  }
  return (
    <>
      {modalHolder}
      {list.data.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={spaceId ? t('templates.emptySpace') : t('templates.empty')}
        />
      ) : (
        <List
          className="template-list"
          dataSource={list.data}
          renderItem={(item) => (
            <List.Item
              actions={[
                <Button key="edit" size="small" onClick={() => setEditing(item)}>
                  {t('templates.edit')}
                </Button>,
                <Button key="delete" size="small" danger onClick={() => remove(item)}>
                  {t('templates.delete')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={<TemplateCover template={item} />}
                title={
                  <Space size={4} wrap>
                    {item.name}
                    <Tag>
                      {item.kind === 'topic' ? t('templates.kindTopic') : t('templates.kindPage')}
                    </Tag>
                  </Space>
                }
                description={item.description}
              />
            </List.Item>
          )}
        />
      )}
      <EditTemplateDialog template={editing} onClose={() => setEditing(null)} onSaved={reload} />
    </>
  );
}

function EditTemplateDialog({
  template,
  onClose,
  onSaved,
}: {
  template: TemplateSummary | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={template !== null}
      title={t('templates.editTitle')}
      okText={t('templates.save')}
      cancelText={t('templates.cancel')}
      confirmLoading={saving}
      okButtonProps={{ form: 'template-edit', htmlType: 'submit' }}
      onCancel={onClose}
      destroyOnHidden
    >
      {template && (
        <Form
          id="template-edit"
          layout="vertical"
          initialValues={{
            name: template.name,
            description: template.description,
            cover: template.cover ?? '',
          }}
          onFinish={(values: { name: string; description: string; cover: string }) => {
            setSaving(true);
            updateTemplate(template.templateId, { ...values, cover: values.cover || null })
              .then(async () => {
                await onSaved();
                onClose();
              })
              .catch(() => undefined)
              .finally(() => setSaving(false));
          }}
        >
          <Form.Item
            name="name"
            label={t('templates.name')}
            rules={[{ required: true, whitespace: true, message: t('templates.nameRequired') }]}
          >
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="description" label={t('templates.description')}>
            <Input.TextArea maxLength={templateLimits.descriptionMax} rows={3} showCount />
          </Form.Item>
          <Form.Item name="cover" label={t('templates.cover')} extra={t('templates.coverHint')}>
            <Input maxLength={512} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
