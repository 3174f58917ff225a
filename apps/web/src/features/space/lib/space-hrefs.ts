// Where the space view's links go. A space is seen in one of two contexts (spec §4): a member's
// or logged-in visitor's /space/…, or an anonymous visitor's /open-space/….
import { paths } from '../../../config/paths';
import type { TabContextKind } from '../../tabs/lib/tab-rules';

export type SpaceViewKind = TabContextKind;

export interface SpaceHrefs {
  root: string;
  topic: (topicId: string) => string;
  page: (pageId: string) => string;
  ai: string;
}

export function spaceHrefs(kind: SpaceViewKind, spaceId: string): SpaceHrefs {
  const root = kind === 'space' ? paths.space.getHref(spaceId) : paths.openSpace.getHref(spaceId);
  return {
    root,
    topic: (topicId) => `${root}?topic=${encodeURIComponent(topicId)}`,
    page: (pageId) =>
      kind === 'space'
        ? paths.spacePage.getHref(spaceId, pageId)
        : paths.openSpacePage.getHref(spaceId, pageId),
    ai: kind === 'space' ? paths.spaceAi.getHref(spaceId) : paths.openSpaceAi.getHref(spaceId),
  };
}

/** The member view of an /open-space/… path, where a visitor who logs in continues. */
export function memberPathOf(openSpacePath: string): string {
  return openSpacePath.replace(/^\/open-space\//, '/space/');
}
