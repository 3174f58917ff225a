// A comment's text with its mentions shown as '@nickname' (someone not of the space as '@…').
import type { PageUser } from '@library/contract';
import { commentPieces } from '../lib/comment-mentions';

export function CommentText({ content, mentions }: { content: string; mentions: PageUser[] }) {
  return (
    <>
      {commentPieces(content, mentions).map((piece, index) =>
        'text' in piece ? (
          piece.text
        ) : 'person' in piece ? (
          <span key={index} className="page-comment-mention" data-user-id={piece.person.userId}>
            @{piece.person.nickname}
          </span>
        ) : (
          <span key={index} className="page-comment-mention page-comment-mention-unknown">
            @…
          </span>
        ),
      )}
    </>
  );
}
