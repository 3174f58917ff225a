import type { SpaceGroup, SpaceRole, SpaceSummary, TreeNode } from '@library/contract';

export interface TopicOption {
  value: string;
  title: string;
  children: TopicOption[];
}

/** The topics of a space tree (pages and links left out), nested as TreeSelect wants them. */
export function topicOptions(nodes: readonly TreeNode[]): TopicOption[] {
  const options: TopicOption[] = [];
  for (const node of nodes) {
    if (node.type !== 'topic') continue;
    options.push({ value: node.topicId, title: node.name, children: topicOptions(node.children) });
  }
  return options;
}

const editingRoles: ReadonlySet<SpaceRole> = new Set(['owner', 'admin', 'editor']);

/** Spaces where the user may add a page, each once (a space can sit in several groups). */
export function editableSpaces(groups: readonly SpaceGroup[]): SpaceSummary[] {
  const seen = new Set<string>();
  const spaces: SpaceSummary[] = [];
  for (const space of groups.flatMap((group) => group.spaceList)) {
    if (seen.has(space.spaceId) || !editingRoles.has(space.role)) continue;
    seen.add(space.spaceId);
    spaces.push(space);
  }
  return spaces;
}
