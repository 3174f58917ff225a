import type { SearchResult } from '@library/contract';
import { paths } from '../../../config/paths';

/** Where a result opens: a page at its matching block (`?block=`, scrolled to and highlighted,
 *  as AI citations open), the space of a topic, link or file, the notes for a note. */
export function resultHref(result: SearchResult, mobile: boolean): string {
  if (result.type === 'note' || !result.spaceId) return paths.notes.getHref();
  if (result.type === 'page') {
    const page = mobile
      ? paths.spaceMobilePage.getHref(result.spaceId, result.id)
      : paths.spacePage.getHref(result.spaceId, result.id);
    return result.blockId ? `${page}?block=${encodeURIComponent(result.blockId)}` : page;
  }
  return mobile ? paths.spaceMobile.getHref(result.spaceId) : paths.space.getHref(result.spaceId);
}
