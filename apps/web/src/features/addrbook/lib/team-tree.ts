// The team trees from `GET /api/v1/team`'s flat list (parents before children, each child after
// its siblings in the server's order). A team whose parent is not in the list — a sub-team I see
// whose parent went away meanwhile — is shown as a root rather than dropped.
import type { Team } from '@library/contract';

export interface TeamNode {
  team: Team;
  /** 0 for a root team */
  depth: number;
  children: TeamNode[];
}

export function buildTeamTree(teams: readonly Team[]): TeamNode[] {
  const nodes = new Map<string, TeamNode>();
  for (const team of teams) nodes.set(team.teamId, { team, depth: 0, children: [] });
  const roots: TeamNode[] = [];
  for (const team of teams) {
    const node = nodes.get(team.teamId)!;
    const parent = team.parentId === null ? undefined : nodes.get(team.parentId);
    // a parent listed after its child would break 'parents first'; the child still finds it
    if (parent && parent !== node && !isAncestor(node, parent)) parent.children.push(node);
    else roots.push(node);
  }
  const setDepth = (node: TeamNode, depth: number) => {
    node.depth = depth;
    for (const child of node.children) setDepth(child, depth + 1);
  };
  for (const root of roots) setDepth(root, 0);
  return roots;
}

/** Whether `node` is `candidate` or above it (guards against a cycle in bad data). */
function isAncestor(node: TeamNode, candidate: TeamNode): boolean {
  if (node === candidate) return true;
  return node.children.some((child) => isAncestor(child, candidate));
}

/** The team's ancestors from its root down to its parent. */
export function teamPath(teams: readonly Team[], teamId: string): Team[] {
  const byId = new Map(teams.map((team) => [team.teamId, team]));
  const path: Team[] = [];
  const seen = new Set<string>([teamId]);
  let current = byId.get(teamId)?.parentId ?? null;
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    const parent = byId.get(current);
    if (!parent) break;
    path.unshift(parent);
    current = parent.parentId;
  }
  return path;
}

/** The ids of the team and everything below it. */
export function subtreeIds(teams: readonly Team[], teamId: string): Set<string> {
  const ids = new Set<string>([teamId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const team of teams) {
      if (team.parentId !== null && ids.has(team.parentId) && !ids.has(team.teamId)) {
        ids.add(team.teamId);
        grew = true;
      }
    }
  }
  return ids;
}

/**
 * Where a team may move: teams of its own tree that I manage, other than itself, what is below
 * it and its current parent. A root team moves nowhere (the server answers 500006).
 */
export function moveTargets(teams: readonly Team[], teamId: string): Team[] {
  const team = teams.find((candidate) => candidate.teamId === teamId);
  if (!team || team.parentId === null) return [];
  const below = subtreeIds(teams, teamId);
  return teams.filter(
    (candidate) =>
      candidate.rootId === team.rootId &&
      candidate.canManage &&
      !below.has(candidate.teamId) &&
      candidate.teamId !== team.parentId,
  );
}

/** Every team id of the trees, for expanding them all at first. */
export function allTeamIds(nodes: readonly TeamNode[]): string[] {
  return nodes.flatMap((node) => [node.team.teamId, ...allTeamIds(node.children)]);
}
