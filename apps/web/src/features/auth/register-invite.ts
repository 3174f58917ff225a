// A registration link's invite code (spec §1, §3: `/register?c=CODE`) makes its owner and the
// person logging in friends. The SMS login sends the code itself and its answer says what came of
// it (`invite`); after a password login the web sends it (`PUT /api/v1/friend/inviteCode`). The
// login forgets the stored code either way (session.ts completeLogin); a toast says how it went,
// and the login stands regardless. Called by the login dialog, so this loads with it.
import { ErrorCode, type InviteOutcome, type LoginResponse } from '@library/contract';
import { ApiError, isRequestCancelled } from '../../lib/api-client';
import { addFriendByInviteCode, addrbookQueryKey } from '../../lib/friend-invite';
import { translate } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../components/toast';

export interface InviteResult {
  outcome: InviteOutcome;
  /** the new friend's nickname, when the web made the friendship itself */
  friendName?: string;
  /** the server's reason for `refused` */
  reason?: string;
}

const outcomeOfCode = new Map<number, InviteOutcome>([
  [ErrorCode.duplicate, 'already'],
  [ErrorCode.userMissing, 'unknown'],
  [ErrorCode.userDisabled, 'disabled'],
  [ErrorCode.operationNotAllowed, 'own'],
]);

/**
 * After a login: what the SMS login reported, or — a password login while a code was stored
 * (`storedCode`, read before the login forgot it) — the result of sending the code now. Null when
 * there was no code (or the call was cancelled).
 */
export async function followRegisterInvite(
  response: LoginResponse,
  storedCode: string,
): Promise<InviteResult | null> {
  if (response.invite) return { outcome: response.invite };
  if (!storedCode) return null;
  try {
    const { friend } = await addFriendByInviteCode(storedCode, { silent: true });
    return { outcome: 'friended', friendName: friend.nickname };
  } catch (error) {
    if (isRequestCancelled(error)) return null;
    if (error instanceof ApiError) {
      const known = outcomeOfCode.get(error.code);
      return known ? { outcome: known } : { outcome: 'refused', reason: error.message };
    }
    return { outcome: 'refused' };
  } finally {
    void queryClient.invalidateQueries({ queryKey: addrbookQueryKey });
  }
}

/** The toast for an invite's outcome: success when befriended, info or warning otherwise. */
export function showInviteResult(result: InviteResult): void {
  switch (result.outcome) {
    case 'friended':
      toast.success(
        result.friendName
          ? translate('login.invite.friendedWith', { name: result.friendName })
          : translate('login.invite.friended'),
      );
      return;
    case 'already':
      toast.info(translate('login.invite.already'));
      return;
    case 'own':
      toast.info(translate('login.invite.own'));
      return;
    case 'unknown':
      toast.warning(translate('login.invite.unknown'), { showClose: true });
      return;
    case 'disabled':
      toast.warning(translate('login.invite.disabled'), { showClose: true });
      return;
    case 'refused':
      toast.warning(
        result.reason
          ? translate('login.invite.refusedBecause', { reason: result.reason })
          : translate('login.invite.refused'),
        { showClose: true },
      );
  }
}
