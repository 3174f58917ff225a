// Space settings for admins: name, icon, description, open to visitors; members by member
// group (add by account, remove, new group with a role); the AI chat (features/ai); the space's
// audit rows (features/audit); deleting the space (owner) asks for the password — a wrong one
// shows the server's message and deletes nothing.
import { Suspense, useRef, useState } from 'react';
import { Button, Form, Input, Modal, Switch, Tabs, Tooltip, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { limits, type SpaceDetail, type UpdateSpaceRequest } from '@library/contract';
import { toast } from '../../../components/toast';
import { useFeature } from '../../../hooks/use-feature';
import { paths } from '../../../config/paths';
import { deleteSpace } from '../api/delete-space';
import { spaceGroupsQueryKey } from '../../../lib/space-groups';
import { spaceKeys } from '../api/space-keys';
import { updateSpace } from '../api/update-space';
import { uploadSpaceIcon } from '../api/upload-space-icon';
import { SpaceAiSettings } from '../../ai';
import { SpaceAuditPanel } from '../../audit';
import { SpaceShareSettings } from '../../share';
import { IconPicker } from './IconPicker';
import { TemplateListSettings } from '../../templates';
import { SpaceMemberSettings } from './SpaceMemberSettings';

interface SpaceSettingsDialogProps {
  open: boolean;
  space: SpaceDetail;
  onClose: () => void;
}

export function SpaceSettingsDialog({ open, space, onClose }: SpaceSettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('spaces.settings')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Tabs
        items={[
          {
            key: 'general',
            label: t('spaces.general'),
            children: <GeneralSettings space={space} onSaved={onClose} />,
          },
          {
            key: 'members',
            label: t('spaces.members'),
            children: <SpaceMemberSettings space={space} />,
          },
          {
            key: 'shares',
            label: t('share.list.tab'),
            children: (
              <Suspense fallback={null}>
                <SpaceShareSettings space={space} />
              </Suspense>
            ),
          },
          {
            key: 'templates',
            label: t('templates.spaceTab'),
            children: <TemplateListSettings spaceId={space.spaceId} />,
          },
          {
            key: 'ai',
            label: t('ai.settings.tab'),
            children: <SpaceAiSettings spaceId={space.spaceId} />,
          },
          ...(space.abilities.canManage
            ? [
                {
                  key: 'audit',
                  label: t('system.audit.spaceTab'),
                  children: (
                    <Suspense fallback={null}>
                      <SpaceAuditPanel spaceId={space.spaceId} />
                    </Suspense>
                  ),
                },
              ]
            : []),
          ...(space.abilities.canDelete
            ? [
                {
                  key: 'delete',
                  label: t('spaces.dangerZone'),
                  children: <DeleteSpace space={space} onDeleted={onClose} />,
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}

interface GeneralValues {
  name: string;
  icon: string;
  description: string;
  openToVisitors: boolean;
}

function generalValuesOf(space: SpaceDetail): GeneralValues {
  return {
    name: space.name,
    icon: space.icon ?? '',
    description: space.description,
    openToVisitors: space.openToVisitors,
  };
}

/**
 * What a save sends: only the fields the user changed since the form opened. A form opened on an
 * older copy of the space must not write that copy's other fields back — a description saved
 * from it used to close a space someone had just opened to visitors.
 */
export function changedSpaceFields(opened: GeneralValues, values: GeneralValues) {
  const next: Required<UpdateSpaceRequest> = {
    name: values.name.trim(),
    icon: values.icon.trim() || null,
    description: values.description.trim(),
    openToVisitors: values.openToVisitors,
  };
  const before: Required<UpdateSpaceRequest> = {
    name: opened.name.trim(),
    icon: opened.icon.trim() || null,
    description: opened.description.trim(),
    openToVisitors: opened.openToVisitors,
  };
  const changes: UpdateSpaceRequest = {};
  if (next.name !== before.name) changes.name = next.name;
  if (next.icon !== before.icon) changes.icon = next.icon;
  if (next.description !== before.description) changes.description = next.description;
  if (next.openToVisitors !== before.openToVisitors) changes.openToVisitors = next.openToVisitors;
  return changes;
}

/** The answer holds every change asked for (else '已保存' would not be true). */
function answerHolds(answer: SpaceDetail, changes: UpdateSpaceRequest): boolean {
  return (
    (changes.name === undefined || answer.name === changes.name) &&
    (changes.icon === undefined || answer.icon === changes.icon) &&
    (changes.description === undefined || answer.description === changes.description) &&
    (changes.openToVisitors === undefined || answer.openToVisitors === changes.openToVisitors)
  );
}

function GeneralSettings({ space, onSaved }: { space: SpaceDetail; onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  // the values the form opened with: a save sends only what differs from them
  const [opened] = useState(() => generalValuesOf(space));
  // opening to visitors is a switch the provider may turn off (closing stays allowed)
  const visitorsOff = !useFeature('spaceExternalAccess') && !opened.openToVisitors;
  // one save at a time: Enter in a field submits even while the button spins
  const inFlight = useRef(false);
  // the upload sets the icon at once; the form keeps its path, so saving keeps it too
  const uploadIcon = async (file: File) => {
    const updated = await uploadSpaceIcon(space.spaceId, file);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: spaceKeys.detail(space.spaceId) }),
      queryClient.invalidateQueries({ queryKey: spaceGroupsQueryKey }),
    ]);
    return updated.icon ?? '';
  };
  const handleFinish = async (values: GeneralValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      const changes = changedSpaceFields(opened, values);
      // the server's answer is the space as saved: it replaces the cached copy at once, so the
      // view and the next opening of this dialog show what was stored, not what was asked
      const answer = await updateSpace(space.spaceId, changes);
      queryClient.setQueryData(spaceKeys.detail(space.spaceId), answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: spaceGroupsQueryKey }),
        queryClient.invalidateQueries({ queryKey: spaceKeys.openSpacesAll }),
      ]);
      if (!answerHolds(answer, changes)) {
        toast.error(t('spaces.saveNotApplied'));
        return;
      }
      toast.success(t('spaces.saved'));
      onSaved();
    } catch {
      // shown by the API client
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };
  return (
    <Form<GeneralValues>
      layout="vertical"
      initialValues={opened}
      onFinish={(values) => void handleFinish(values)}
    >
      <Form.Item
        name="name"
        label={t('spaces.name')}
        rules={[
          { required: true, whitespace: true, message: t('spaces.nameRequired') },
          { max: limits.nameMax, message: t('spaces.nameTooLong') },
        ]}
      >
        <Input maxLength={limits.nameMax} />
      </Form.Item>
      <Form.Item name="icon" label={t('spaces.icon')}>
        <IconPicker onUpload={uploadIcon} />
      </Form.Item>
      <Form.Item name="description" label={t('spaces.description')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.Item label={t('spaces.openToVisitors')} htmlFor="space-open-to-visitors">
        <Tooltip title={visitorsOff ? t('common.featureOff') : undefined}>
          <span className="feature-off-anchor">
            <Form.Item name="openToVisitors" valuePropName="checked" noStyle>
              <Switch id="space-open-to-visitors" disabled={visitorsOff} />
            </Form.Item>
          </span>
        </Tooltip>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('spaces.save')}
      </Button>
    </Form>
  );
}

function DeleteSpace({ space, onDeleted }: { space: SpaceDetail; onDeleted: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const handleFinish = async ({ password }: { password: string }) => {
    setDeleting(true);
    try {
      await deleteSpace(space.spaceId, password);
      onDeleted();
      toast.success(t('spaces.spaceDeleted'));
      await queryClient.invalidateQueries({ queryKey: spaceGroupsQueryKey });
      queryClient.removeQueries({ queryKey: ['space', space.spaceId] });
      navigate(paths.home.getHref());
    } catch {
      // a wrong password (200005) is shown by the API client with the server's message
    } finally {
      setDeleting(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={(values: { password: string }) => void handleFinish(values)}>
      <Typography.Paragraph type="secondary">{t('spaces.deleteSpaceHint')}</Typography.Paragraph>
      <Form.Item
        name="password"
        label={t('spaces.password')}
        rules={[{ required: true, message: t('spaces.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={limits.passwordMax} />
      </Form.Item>
      <Button danger type="primary" htmlType="submit" loading={deleting}>
        {t('spaces.deleteSpace')}
      </Button>
    </Form>
  );
}
