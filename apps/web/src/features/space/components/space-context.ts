// What the space view shares with its tree, its home screen and the routes in its outlet.
import { createContext, useContext } from 'react';
import type { SpaceDetail, TreeNode } from '@library/contract';
import type { SpaceHrefs, SpaceViewKind } from '../../../config/space-hrefs';
import type { SpaceTreeIndex } from '../lib/space-tree';

export type NewNodeType = TreeNode['type'];

export interface SpaceActions {
  create: (type: NewNodeType, parentId: string | null) => void;
  rename: (node: TreeNode) => void;
  remove: (node: TreeNode) => void;
  /** space admins: close a topic (and its subtree) to visitors, or open it again */
  setVisitorsClosed: (topicId: string, visitorsClosed: boolean) => void;
  refresh: () => void;
  openSettings: () => void;
  /** opens the share dialog for the space (null) or a topic or page */
  share: (node: TreeNode | null) => void;
  /** the template gallery, making the new page or topic inside `parentId` (null: the root) */
  fromTemplate?: (parentId: string | null) => void;
  /** 'save as template' for a page or a topic */
  saveAsTemplate?: (node: TreeNode) => void;
  /** 简/繁 of a page or a topic's subtree (editors) */
  convertScript?: (node: TreeNode) => void;
}

export interface SpaceViewContext {
  spaceId: string;
  /** a member's (or logged-in visitor's) /space/…, or an anonymous visitor's /open-space/… */
  kind: SpaceViewKind;
  hrefs: SpaceHrefs;
  space: SpaceDetail | undefined;
  tree: SpaceTreeIndex | undefined;
  treeLoading: boolean;
  canEdit: boolean;
  actions: SpaceActions;
}

export const SpaceContext = createContext<SpaceViewContext | null>(null);

export function useSpaceView(): SpaceViewContext {
  const value = useContext(SpaceContext);
  if (!value) throw new Error('useSpaceView outside the space view');
  return value;
}
