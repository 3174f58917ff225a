// Moving a sub-team under another team of its own tree. Teams it cannot go under (itself, what is
// below it, its current parent, teams I do not manage) are shown but disabled; should the server
// still refuse (500006 out of the tree, 500007 under itself — a change made meanwhile), the API
// client's error toast says so.
import { useMemo, useState } from 'react';
import { Form, Modal, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Team } from '@library/contract';
import { toast } from '../../../components/toast';
import { useMoveTeam } from '../api/move-team';
import { buildTeamTree, moveTargets, type TeamNode } from '../lib/team-tree';

interface TreeSelectNode {
  value: string;
  title: string;
  disabled: boolean;
  children: TreeSelectNode[];
}

export function MoveTeamDialog({
  team,
  teams,
  onClose,
}: {
  team: Team | null;
  teams: readonly Team[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const move = useMoveTeam();
  const [parentId, setParentId] = useState<string | undefined>(undefined);
  const [wasTeam, setWasTeam] = useState(team);
  if (team !== wasTeam) {
    setWasTeam(team);
    setParentId(undefined);
  }

  const treeData = useMemo(() => {
    if (!team) return [];
    const allowed = new Set(moveTargets(teams, team.teamId).map((target) => target.teamId));
    const ownTree = teams.filter((candidate) => candidate.rootId === team.rootId);
    const toNode = (node: TeamNode): TreeSelectNode => ({
      value: node.team.teamId,
      title: node.team.name,
      disabled: !allowed.has(node.team.teamId),
      children: node.children.map(toNode),
    });
    return buildTeamTree(ownTree).map(toNode);
  }, [team, teams]);

  const handleOk = async () => {
    if (!team || !parentId) return;
    try {
      await move.mutateAsync({ teamId: team.teamId, parentId });
      const parent = teams.find((candidate) => candidate.teamId === parentId);
      toast.success(t('addrbook.teams.moved', { name: team.name, parent: parent?.name ?? '' }));
      onClose();
    } catch {
      // 500006 / 500007 and the rest: the API client's error toast
    }
  };

  return (
    <Modal
      open={team !== null}
      onCancel={onClose}
      title={t('addrbook.teams.moveTitle', { name: team?.name ?? '' })}
      okText={t('addrbook.teams.moveOk')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !parentId }}
      onOk={() => void handleOk()}
      confirmLoading={move.isPending}
      destroyOnHidden
      width={440}
    >
      <Typography.Paragraph type="secondary">{t('addrbook.teams.moveHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('addrbook.teams.moveTarget')} htmlFor="move-team-target">
          <TreeSelect
            id="move-team-target"
            value={parentId}
            onChange={(value: string) => setParentId(value)}
            treeData={treeData}
            treeDefaultExpandAll
            placeholder={t('addrbook.teams.moveTargetPlaceholder')}
            showSearch={{ treeNodeFilterProp: 'title' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
