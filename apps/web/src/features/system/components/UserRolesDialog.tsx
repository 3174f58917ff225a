// 'Assign roles': the system roles an account holds (DEFAULT_ROLE is everyone's, shown ticked).
import { useEffect, useState } from 'react';
import { Checkbox, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Role, type AdminUser, type SystemRole } from '@library/contract';
import { toast } from '../../../components/toast';
import { setUserRoles } from '../api/set-user-roles';

export function UserRolesDialog({
  user,
  roles,
  onClose,
  onSaved,
}: {
  user: AdminUser | null;
  roles: readonly SystemRole[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (user) setChosen(user.roles.filter((role) => role !== Role.default));
  }, [user]);

  const handleSave = async () => {
    if (!user) return;
    setSaving(true);
    try {
      await setUserRoles(user.userId, chosen);
      toast.success(t('system.roles.saved'));
      onSaved();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={t('system.roles.title', { name: user?.nickname ?? '' })}
      onCancel={onClose}
      onOk={() => void handleSave()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      width={440}
    >
      <Typography.Paragraph type="secondary">{t('system.roles.hint')}</Typography.Paragraph>
      <div className="sys-role-choices" role="group" aria-label={t('system.users.editRoles')}>
        {roles.map((role) =>
          role.name === Role.default ? (
            <Checkbox key={role.name} checked disabled>
              {role.title} <Typography.Text type="secondary">{role.name}</Typography.Text>
            </Checkbox>
          ) : (
            <Checkbox
              key={role.name}
              checked={chosen.includes(role.name)}
              onChange={(event) =>
                setChosen((current) =>
                  event.target.checked
                    ? [...current, role.name]
                    : current.filter((name) => name !== role.name),
                )
              }
            >
              {role.title} <Typography.Text type="secondary">{role.name}</Typography.Text>
            </Checkbox>
          ),
        )}
      </div>
    </Modal>
  );
}
