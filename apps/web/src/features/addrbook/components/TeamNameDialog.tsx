// Naming a team: a new root team, a new sub-team under `parent`, or renaming `team`. A name taken
// among the siblings (500001) is shown on the field; the rest by the API client.
import { Form, Input, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type Team } from '@library/contract';
import { paths } from '../../../config/paths';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { useCreateTeam } from '../api/create-team';
import { useRenameTeam } from '../api/rename-team';

/** The contract's team name limit. */
export const teamNameMax = 64;

export type TeamNameIntent =
  | { kind: 'create'; parent: Pick<Team, 'teamId' | 'name'> | null }
  | { kind: 'rename'; team: Pick<Team, 'teamId' | 'name'> };

export function TeamNameDialog({
  intent,
  onClose,
}: {
  intent: TeamNameIntent | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateTeam();
  const rename = useRenameTeam();
  const pending = create.isPending || rename.isPending;

  const title =
    intent?.kind === 'rename'
      ? t('addrbook.teams.renameTitle')
      : intent?.parent
        ? t('addrbook.teams.createSubTitle')
        : t('addrbook.teams.createTitle');

  const handleFinish = async ({ name }: { name: string }) => {
    if (!intent) return;
    const trimmed = name.trim();
    try {
      if (intent.kind === 'rename') {
        if (trimmed !== intent.team.name) {
          await rename.mutateAsync({ teamId: intent.team.teamId, name: trimmed });
          toast.success(t('addrbook.teams.renamed'));
        }
        onClose();
      } else {
        const team = await create.mutateAsync({
          name: trimmed,
          ...(intent.parent ? { parentId: intent.parent.teamId } : {}),
        });
        toast.success(t('addrbook.teams.created', { name: team.name }));
        onClose();
        navigate(paths.addressBookTeam.getHref(team.teamId));
      }
    } catch (error) {
      // the API client toasts every failure; a taken name is also marked on the field
      if (error instanceof ApiError && error.code === ErrorCode.teamNameDuplicate) {
        form.setFields([{ name: 'name', errors: [t('addrbook.teams.nameTaken')] }]);
      }
    }
  };

  return (
    <Modal
      open={intent !== null}
      onCancel={onClose}
      title={title}
      okText={intent?.kind === 'rename' ? t('common.save') : t('addrbook.teams.createOk')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      confirmLoading={pending}
      destroyOnHidden
      width={420}
    >
      {intent?.kind === 'create' && intent.parent && (
        <Typography.Paragraph type="secondary">
          {t('addrbook.teams.createSubUnder', { name: intent.parent.name })}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void handleFinish(values)}
        initialValues={{ name: intent?.kind === 'rename' ? intent.team.name : '' }}
        name="team-name"
        preserve={false}
      >
        <Form.Item
          name="name"
          label={t('addrbook.teams.name')}
          rules={[
            { required: true, whitespace: true, message: t('addrbook.teams.nameRequired') },
            { max: teamNameMax, message: t('addrbook.teams.nameTooLong', { max: teamNameMax }) },
          ]}
        >
          <Input
            autoFocus
            maxLength={teamNameMax}
            placeholder={t('addrbook.teams.namePlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
