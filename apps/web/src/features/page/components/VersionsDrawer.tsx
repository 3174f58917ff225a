// Versions of the page: publish the draft under a name, the list with author and time, view a
// version read only, compare it with the draft, restore it into the draft, unpublish.
import { useState } from 'react';
import {
  Button,
  Drawer,
  Empty,
  Form,
  Input,
  Popconfirm,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useDrawerWidth } from '../hooks/use-drawer-width';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type Locale, type PageVersion } from '@library/contract';
import { ApiError } from '../../../lib/api-client';
import { formatShortDate } from '../../../lib/format';
import { toast } from '../../../components/toast';
import { usePageVersions } from '../api/get-page-versions';
import { usePublishPageVersion } from '../api/publish-page-version';
import { useRestorePageVersion } from '../api/restore-page-version';
import { useUnpublishPage } from '../api/unpublish-page';
import { VersionDiff } from './VersionDiff';

interface VersionsDrawerProps {
  pageId: string;
  open: boolean;
  canPublish: boolean;
  locale: Locale;
  onClose: () => void;
  /** flush pending edits before publishing */
  beforePublish: () => Promise<void>;
  onOpenVersion: (version: PageVersion) => void;
  onRestored: () => void;
}

export function VersionsDrawer(props: VersionsDrawerProps) {
  const { pageId, open, canPublish, locale, onClose, beforePublish, onOpenVersion, onRestored } =
    props;
  const { t } = useTranslation();
  const versions = usePageVersions(pageId, open);
  const publish = usePublishPageVersion(pageId);
  const restore = useRestorePageVersion(pageId);
  const unpublish = useUnpublishPage(pageId);
  const [form] = Form.useForm<{ name: string }>();
  const [nameError, setNameError] = useState<string | null>(null);
  const [comparing, setComparing] = useState<PageVersion | null>(null);
  const drawerWidth = useDrawerWidth(440);
  const diffWidth = useDrawerWidth(560);

  const handlePublish = async ({ name }: { name: string }) => {
    setNameError(null);
    await beforePublish();
    try {
      await publish.mutateAsync(name.trim());
      toast.success(t('page.versions.publishedToast', { name: name.trim() }));
      form.resetFields();
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.versionNameDuplicate) {
        setNameError(t('page.versions.nameTaken'));
      } else if (error instanceof ApiError && error.code === ErrorCode.versionNameEmpty) {
        setNameError(t('page.versions.nameRequired'));
      } else if (error instanceof ApiError) {
        toast.error(error.message);
      }
    }
  };

  const list = versions.data?.list ?? [];
  const published = list.some((version) => version.published);

  return (
    <Drawer
      title={t('page.versions.title')}
      open={open}
      onClose={onClose}
      size={drawerWidth}
      className="page-versions-drawer"
      destroyOnHidden
    >
      {canPublish ? (
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => void handlePublish(values)}
          requiredMark={false}
          className="page-publish-form"
        >
          <Form.Item
            label={t('page.versions.publishTitle')}
            validateStatus={nameError ? 'error' : undefined}
            help={nameError ?? undefined}
          >
            <Space.Compact block>
              <Form.Item
                name="name"
                noStyle
                rules={[
                  { required: true, whitespace: true, message: t('page.versions.nameRequired') },
                ]}
              >
                <Input
                  placeholder={t('page.versions.namePlaceholder')}
                  maxLength={100}
                  onChange={() => setNameError(null)}
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={publish.isPending}>
                {t('page.versions.publish')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
      ) : null}

      <Space className="page-versions-heading" align="center">
        <Typography.Title level={5}>{t('page.versions.published')}</Typography.Title>
        {canPublish && published ? (
          <Popconfirm
            title={t('page.versions.unpublishConfirm')}
            onConfirm={() =>
              unpublish.mutateAsync().then(() => toast.success(t('page.versions.unpublished')))
            }
          >
            <Button size="small" danger loading={unpublish.isPending}>
              {t('page.versions.unpublish')}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>

      {versions.isLoading ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description={t('page.versions.empty')} />
      ) : (
        <ul className="page-version-list">
          {list.map((version) => (
            <li key={version.version} className="page-version-item">
              <div className="page-version-name">
                <Typography.Text strong>{version.name}</Typography.Text>
                {version.published ? (
                  <Tag color="green">{t('page.versions.publishedTag')}</Tag>
                ) : null}
              </div>
              <Typography.Text type="secondary" className="page-version-meta">
                {t('page.versions.by', {
                  name: version.createdBy.nickname,
                  time: formatShortDate(version.createdAt, locale),
                })}
              </Typography.Text>
              <Space size={0} wrap className="page-version-actions">
                <Button size="small" type="link" onClick={() => onOpenVersion(version)}>
                  {t('page.versions.open')}
                </Button>
                {canPublish ? (
                  <>
                    <Button size="small" type="link" onClick={() => setComparing(version)}>
                      {t('page.versions.compare')}
                    </Button>
                    <Popconfirm
                      title={t('page.versions.restoreConfirm', { name: version.name })}
                      onConfirm={() =>
                        restore.mutateAsync(version.version).then(() => {
                          toast.success(t('page.versions.restored'));
                          onRestored();
                        })
                      }
                    >
                      <Button size="small" type="link">
                        {t('page.versions.restore')}
                      </Button>
                    </Popconfirm>
                  </>
                ) : null}
              </Space>
            </li>
          ))}
        </ul>
      )}

      <Drawer
        title={comparing ? t('page.versions.diffTitle', { name: comparing.name }) : ''}
        open={comparing !== null}
        onClose={() => setComparing(null)}
        size={diffWidth}
        destroyOnHidden
      >
        {comparing ? <VersionDiff pageId={pageId} version={comparing.version} /> : null}
      </Drawer>
    </Drawer>
  );
}
