// Who may do what with the AI. System administrators configure the model providers. In a
// space, whoever may read it sees its AI and, signed in, asks it once it is switched on; space
// admins and owners switch it on, configure it, re-index it and see its extra instructions and
// last indexing error. A space the caller may not read looks missing, as everywhere.
import type { SpaceAccessRole } from '@library/contract';
import { can, type SpaceAction } from '../space/index.js';
import { isSystemAdmin } from '../system/index.js';

export type AiAction = 'see' | 'ask' | 'configure' | 'reindex';

/** The space action each AI action needs: what `accessSpace` checks for it. */
export const aiNeeds: Record<AiAction, SpaceAction> = {
  see: 'read',
  ask: 'read',
  configure: 'manage',
  reindex: 'manage',
};

export function canAi(role: SpaceAccessRole | null, action: AiAction): boolean {
  return can(role, aiNeeds[action]);
}

/** Model providers (endpoints, keys, models) are the system administrators' alone. */
export function canConfigureModels(roles: readonly string[]): boolean {
  return isSystemAdmin(roles);
}

/**
 * What the caller may do with a space's AI, sent with its detail. An anonymous visitor reads
 * the detail but signs in to chat: conversations belong to a user.
 */
export function spaceAiAbilities(
  role: SpaceAccessRole | null,
  ai: { enabled: boolean },
  anonymous: boolean,
) {
  return {
    canManage: canAi(role, 'configure'),
    canChat: ai.enabled && canAi(role, 'ask') && !anonymous,
  };
}
