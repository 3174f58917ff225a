import { describe, expect, it } from 'vitest';
import type { Team } from '@library/contract';
import { buildTeamTree, moveTargets, subtreeIds, teamPath, type TeamNode } from './team-tree';

function team(teamId: string, parentId: string | null, rootId: string, canManage = true): Team {
  return {
    teamId,
    parentId,
    rootId,
    name: `team ${teamId}`,
    ownerId: '1',
    myRole: 'member',
    canManage,
    memberCount: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

/** The tree as nested ids, e.g. ['a', ['b', ['c']]]. */
function shape(nodes: TeamNode[]): unknown[] {
  return nodes.map((node) =>
    node.children.length > 0 ? [node.team.teamId, shape(node.children)] : node.team.teamId,
  );
}

// two trees as GET /api/v1/team answers them: flat, parents first, siblings in order
const flat = [
  team('a', null, 'a'),
  team('b', 'a', 'a'),
  team('c', 'b', 'a'),
  team('d', 'a', 'a'),
  team('x', null, 'x', false),
  team('y', 'x', 'x', false),
];

describe('the team tree from the flat list', () => {
  it('nests children under their parents in the server order, with depths', () => {
    const tree = buildTeamTree(flat);
    expect(shape(tree)).toEqual([
      ['a', [['b', ['c']], 'd']],
      ['x', ['y']],
    ]);
    expect(tree[0]?.children[0]?.children[0]?.depth).toBe(2);
    expect(tree[1]?.depth).toBe(0);
  });

  it('keeps a team whose parent is not listed as a root instead of dropping it', () => {
    expect(shape(buildTeamTree([team('b', 'gone', 'a'), team('c', 'b', 'a')]))).toEqual([
      ['b', ['c']],
    ]);
  });

  it('still finds a parent listed after its child, and survives a cycle in bad data', () => {
    expect(shape(buildTeamTree([team('c', 'b', 'a'), team('b', null, 'a')]))).toEqual([
      ['b', ['c']],
    ]);
    const cycle = buildTeamTree([team('p', 'q', 'p'), team('q', 'p', 'p')]);
    expect(shape(cycle)).toEqual([['q', ['p']]]);
  });

  it('gives an empty forest for no teams', () => {
    expect(buildTeamTree([])).toEqual([]);
  });

  it('names the path from the root down to the parent', () => {
    expect(teamPath(flat, 'c').map((item) => item.teamId)).toEqual(['a', 'b']);
    expect(teamPath(flat, 'a')).toEqual([]);
  });

  it('collects a team and everything below it', () => {
    expect([...subtreeIds(flat, 'b')].sort()).toEqual(['b', 'c']);
    expect([...subtreeIds(flat, 'a')].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('offers as move targets only managed teams of the same tree, not itself, below it or its parent', () => {
    expect(moveTargets(flat, 'b').map((item) => item.teamId)).toEqual(['d']);
    expect(moveTargets(flat, 'c').map((item) => item.teamId)).toEqual(['a', 'd']);
    // a root team moves nowhere (500006); teams I do not manage are no targets
    expect(moveTargets(flat, 'a')).toEqual([]);
    expect(moveTargets(flat, 'y')).toEqual([]);
  });
});
