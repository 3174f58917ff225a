// The people on a live page, in its header: an avatar each (oneself first), ringed in the colour
// of their caret, their name on hover.
import { Avatar, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { resolveImagePath } from '../../../lib/image-path';
import type { CollabPerson } from '../lib/collab-people';

/** more than this many: the rest as "+N" */
const shownMax = 5;

export function PagePeople({ people }: { people: CollabPerson[] }) {
  const { t } = useTranslation();
  if (people.length === 0) return null;
  const [me] = people;
  return (
    <div className="page-people" role="group" aria-label={t('page.live.people')}>
      <Avatar.Group max={{ count: shownMax }} size="small">
        {people.map((person) => {
          const name = person === me ? t('page.live.you', { name: person.name }) : person.name;
          const src = resolveImagePath(person.avatar);
          return (
            <Tooltip key={person.userId} title={name}>
              <Avatar
                src={src}
                alt={name}
                aria-label={name}
                className="page-person"
                style={{ backgroundColor: person.color, borderColor: person.color }}
              >
                {src ? null : person.name.trim().charAt(0).toUpperCase()}
              </Avatar>
            </Tooltip>
          );
        })}
      </Avatar.Group>
    </div>
  );
}
