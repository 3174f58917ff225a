// Who may do what with a template. A system template is everyone's to use and is managed (saved,
// edited, deleted) by holders of `templates:write`. A space template holds drafts, so it is used
// (listed, previewed, made into content) by its space's editors and managed by its admins and
// owner; it makes content in its own space only. A 'new from template' creation is followed by
// the user who started it. How a refusal looks is the service's: a space template looks missing,
// a system template refuses with 403 + 700007.
import type { SpaceAccessRole, SystemResource } from '@library/contract';
import { can } from '../space/index.js';

export type TemplateScope = 'system' | 'space';

/** use: list, preview, make content or fill a page from it; manage: save, edit, delete it. */
export type TemplateAction = 'use' | 'manage';

/** What decides for a caller: their role in the template's space, or the resources they hold. */
export interface TemplateCaller {
  /** the caller's role in the space of a space template (null: none) */
  role: SpaceAccessRole | null;
  /** the administration resources the caller holds (read only where a system template needs) */
  resources: readonly SystemResource[];
}

export function canTemplate(
  caller: TemplateCaller,
  action: TemplateAction,
  template: { scope: TemplateScope },
): boolean {
  if (template.scope === 'system') {
    return action === 'use' || caller.resources.includes('templates:write');
  }
  return can(caller.role, action === 'use' ? 'edit' : 'manage');
}

/** Whether the template makes content in a space: a space template in its own space only. */
export const templateServesSpace = (
  template: { scope: TemplateScope; spaceId: string | null },
  spaceId: string,
) => template.scope === 'system' || template.spaceId === spaceId;

/** A creation from a template is its starter's alone (anyone else's looks missing). */
export const ownsCreation = (userId: number, creation: { userId: number }) =>
  creation.userId === userId;
