// My teams, the list side: the trees of the teams I am in (GET /api/v1/team is flat, parents
// first; lib/team-tree.ts nests it), a team opened by click or by the tree's arrow keys and Enter.
import { useMemo, useState } from 'react';
import { Button, Empty, Result, Skeleton, Tooltip, Tree, Typography } from 'antd';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TeamRole } from '@library/contract';
import { paths } from '../../../config/paths';
import { useFeature } from '../../../hooks/use-feature';
import { useTeams } from '../api/get-teams';
import { allTeamIds, buildTeamTree, type TeamNode } from '../lib/team-tree';
import { TeamRoleTag } from './TeamRoleTag';

interface TeamsPaneProps {
  selectedTeamId: string | null;
  onCreateTeam: () => void;
}

interface TeamTreeData {
  key: string;
  title: React.ReactNode;
  children: TeamTreeData[];
}

export function TeamsPane({ selectedTeamId, onCreateTeam }: TeamsPaneProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const teams = useTeams();
  const canCreateTeam = useFeature('createTeam');
  const tree = useMemo(() => buildTeamTree(teams.data ?? []), [teams.data]);
  // every team starts open; what the user folds stays folded while new teams arrive open
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const expandedKeys = useMemo(
    () => allTeamIds(tree).filter((id) => !folded.has(id)),
    [tree, folded],
  );

  const createButton = (
    <Tooltip title={canCreateTeam ? undefined : t('common.featureOff')}>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={onCreateTeam}
        disabled={!canCreateTeam}
      >
        {t('addrbook.teams.create')}
      </Button>
    </Tooltip>
  );

  let body;
  if (teams.isError && !teams.data) {
    body = (
      <Result
        status="warning"
        title={t('addrbook.teams.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void teams.refetch()}>
            {t('addrbook.common.retry')}
          </Button>
        }
      />
    );
  } else if (!teams.data) {
    body = <Skeleton active paragraph={{ rows: 5 }} className="addrbook-skeleton" />;
  } else if (tree.length === 0) {
    body = (
      <Empty
        className="addrbook-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <div className="addrbook-empty-title">{t('addrbook.teams.empty')}</div>
            <Typography.Text type="secondary">{t('addrbook.teams.emptyHint')}</Typography.Text>
          </>
        }
      />
    );
  } else {
    // a role is tagged where it starts: at a root, or where it differs from the parent's
    const toTreeData = (node: TeamNode, parentRole: TeamRole | null = null): TeamTreeData => ({
      key: node.team.teamId,
      title: (
        <span className="addrbook-team-title">
          {node.depth === 0 && <TeamOutlined className="addrbook-team-icon" />}
          <span className="addrbook-team-name">{node.team.name}</span>
          {(node.depth === 0 || node.team.myRole !== parentRole) && (
            <TeamRoleTag role={node.team.myRole} compact />
          )}
          <span
            className="addrbook-team-count"
            aria-label={t('addrbook.teams.memberCount', { count: node.team.memberCount })}
          >
            {node.team.memberCount}
          </span>
        </span>
      ),
      children: node.children.map((child) => toTreeData(child, node.team.myRole)),
    });
    body = (
      <div className="addrbook-scroll addrbook-team-tree">
        <Tree
          blockNode
          treeData={tree.map((node) => toTreeData(node))}
          selectedKeys={selectedTeamId ? [selectedTeamId] : []}
          expandedKeys={expandedKeys}
          onExpand={(keys) => {
            const open = new Set(keys.map(String));
            setFolded(new Set(allTeamIds(tree).filter((id) => !open.has(id))));
          }}
          onSelect={(_keys, info) => navigate(paths.addressBookTeam.getHref(String(info.node.key)))}
          aria-label={t('addrbook.teams.treeLabel')}
        />
      </div>
    );
  }

  return (
    <div className="addrbook-pane-body">
      <div className="addrbook-toolbar addrbook-toolbar-end">{createButton}</div>
      {body}
    </div>
  );
}
