// Where the space view's links go. A space is seen in one of two contexts (spec §4): a member's
// or logged-in visitor's /space/…, or an anonymous visitor's /open-space/….
import { paths } from './paths';

/** The two contexts a space is seen in (the tabs keep one list per context). */
export type SpaceViewKind = 'space' | 'open-space';

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

/** Where the mobile space view's links go; an anonymous visitor has no AI chat (`ai` null). */
export interface SpaceMobileHrefs {
  root: string;
  topic: (topicId: string) => string;
  page: (pageId: string) => string;
  ai: string | null;
}

/**
 * A member's (or logged-in visitor's) /space-mobile/…, or an anonymous visitor's
 * /open-space/mobile?space=… (spec §2 sends every /open-space/… there on a phone).
 */
export function spaceMobileHrefs(kind: SpaceViewKind, spaceId: string): SpaceMobileHrefs {
  if (kind === 'space') {
    const root = paths.spaceMobile.getHref(spaceId);
    return {
      root,
      topic: (topicId) => `${root}?topic=${encodeURIComponent(topicId)}`,
      page: (pageId) => paths.spaceMobilePage.getHref(spaceId, pageId),
      ai: paths.spaceMobileAi.getHref(spaceId),
    };
  }
  const root = openSpaceMobileHref(spaceId);
  return {
    root,
    topic: (topicId) => `${root}&topic=${encodeURIComponent(topicId)}`,
    page: (pageId) => openSpaceMobileHref(spaceId, pageId),
    ai: null,
  };
}

/** The phone's open space view of a space, or of one of its pages. */
export function openSpaceMobileHref(spaceId: string, pageId?: string): string {
  const query = new URLSearchParams({ space: spaceId });
  if (pageId) query.set('page', pageId);
  return `${paths.openSpaceMobile.getHref()}?${query.toString()}`;
}

/** The member view of an /open-space/… path, where a visitor who logs in continues. */
export function memberPathOf(openSpacePath: string): string {
  return openSpacePath.replace(/^\/open-space\//, '/space/');
}
