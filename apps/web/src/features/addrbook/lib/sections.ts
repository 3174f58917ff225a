// The address book's three sections (spec §2) and where each one's list lives: the detail routes
// carry the selected id, `/addrbook?section=…` shows a section with nothing selected.
import { paths } from '../../../config/paths';

export const addrbookSections = ['invite', 'friend', 'team'] as const;
export type AddrbookSection = (typeof addrbookSections)[number];

export function isAddrbookSection(value: unknown): value is AddrbookSection {
  return typeof value === 'string' && (addrbookSections as readonly string[]).includes(value);
}

/** The section's list with nothing selected. */
export function sectionHref(section: AddrbookSection): string {
  return `${paths.addressBook.path}?section=${section}`;
}
