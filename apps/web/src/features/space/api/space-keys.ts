// Query keys of the space feature, so mutations invalidate exactly what they change.
export const spaceKeys = {
  all: ['space'] as const,
  detail: (spaceId: string) => ['space', spaceId, 'detail'] as const,
  tree: (spaceId: string) => ['space', spaceId, 'tree'] as const,
  listView: (spaceId: string) => ['space', spaceId, 'listView'] as const,
  visitorPrecheck: (spaceId: string) => ['space', spaceId, 'visitorPrecheck'] as const,
  memberGroups: (spaceId: string) => ['space', spaceId, 'memberGroups'] as const,
  openSpaces: (page: number, pageSize: number) => ['space', 'open', page, pageSize] as const,
  /** every page of the open space list (a space opened or closed to visitors changes it) */
  openSpacesAll: ['space', 'open'] as const,
};
