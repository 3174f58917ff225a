// What leaves the server for pages, their blocks and versions.
import type { PageDetail, PageUser, PageVersion, SpaceAccessRole } from '@library/contract';
import type { NodeRow } from '../space/index.js';
import { avatarPath } from '../user/index.js';
import type { PageVersionRow, PersonRow } from './page.repo.js';
import { pageAbilities } from './page.policy.js';

/** A person by id; someone missing (never expected: the ids are foreign keys) shows by id. */
export function presentPerson(people: Map<number, PersonRow>, id: number): PageUser {
  const person = people.get(id);
  return {
    userId: String(id),
    nickname: person?.nickname ?? '',
    avatar: person ? avatarPath(person) : null,
  };
}

export function presentPage(
  page: NodeRow,
  role: SpaceAccessRole,
  editorsMayShare: boolean,
  people: Map<number, PersonRow>,
): PageDetail {
  return {
    pageId: page.id,
    spaceId: page.spaceId,
    parentId: page.parentId,
    title: page.name,
    avatar: page.avatar,
    revision: page.revision,
    publishedVersion: page.publishedVersion,
    createdAt: page.createdAt.toISOString(),
    updatedAt: page.updatedAt.toISOString(),
    createdBy: presentPerson(people, page.createdBy),
    updatedBy: page.updatedBy === null ? null : presentPerson(people, page.updatedBy),
    abilities: pageAbilities(role, editorsMayShare),
  };
}

export function presentVersion(
  version: PageVersionRow,
  publishedVersion: number | null,
  people: Map<number, PersonRow>,
): PageVersion {
  return {
    version: version.version,
    name: version.name,
    createdAt: version.createdAt.toISOString(),
    createdBy: presentPerson(people, version.createdBy),
    published: version.version === publishedVersion,
  };
}
