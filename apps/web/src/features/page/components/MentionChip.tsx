// Someone a page mentions: '@nickname' (a person not of the space, or not visible to the reader,
// as '@…'), with a card of their picture and name on hover.
import { Popover } from 'antd';
import { useParams } from 'react-router';
import { UserAvatar } from '../../../components/UserAvatar';
import { useSpacePerson } from '../api/get-space-people';

export function MentionChip({ userId }: { userId: string }) {
  const { spaceId = '' } = useParams();
  const person = useSpacePerson(spaceId, userId).data;
  const chip = (
    <span className="page-mention" data-user-id={userId}>
      @{person ? person.nickname : '…'}
    </span>
  );
  if (!person) return chip;
  return (
    <Popover
      content={
        <span className="page-mention-card">
          <UserAvatar user={person} size={32} />
          <span className="page-mention-card-name">{person.nickname}</span>
        </span>
      }
      mouseEnterDelay={0.3}
    >
      {chip}
    </Popover>
  );
}
