// The comment box: typing '@' offers the space's people (friends first) and puts '@nickname' in
// the text; what is sent carries each picked person as `<@{userId}>` (lib/comment-mentions.ts).
import { useRef, useState } from 'react';
import { Mentions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageUser } from '@library/contract';
import { useSpacePeople } from '../api/get-space-people';
import { draftFromStored, storedFromDraft } from '../lib/comment-mentions';

export interface CommentInputHandle {
  /** the text as the API takes it */
  stored: () => string;
  clear: () => void;
}

interface CommentInputProps {
  spaceId: string;
  /** a stored text being edited, and the people it mentions */
  initial?: { content: string; mentions: PageUser[] };
  placeholder: string;
  autoFocus?: boolean;
  onTextChange: (text: string) => void;
  /** Ctrl/Cmd+Enter */
  onSubmit: () => void;
  handle: React.RefObject<CommentInputHandle | null>;
}

export function CommentInput({
  spaceId,
  initial,
  placeholder,
  autoFocus,
  onTextChange,
  onSubmit,
  handle,
}: CommentInputProps) {
  const { t } = useTranslation();
  const [draft] = useState(() => draftFromStored(initial?.content ?? '', initial?.mentions ?? []));
  const [text, setText] = useState(draft.text);
  const picked = useRef(draft.picked);
  const [search, setSearch] = useState<string | null>(null);
  const people = useSpacePeople(spaceId, search ?? '', search !== null && spaceId !== '');

  handle.current = {
    stored: () => storedFromDraft({ text, picked: picked.current }),
    clear: () => {
      setText('');
      picked.current = new Map();
      onTextChange('');
    },
  };

  return (
    <Mentions
      value={text}
      placeholder={placeholder}
      autoSize={{ minRows: 2, maxRows: 6 }}
      maxLength={5000}
      autoFocus={autoFocus}
      className="page-comment-input"
      loading={people.isFetching}
      notFoundContent={t('page.comments.nobodyToMention')}
      onSearch={(words) => setSearch(words)}
      onSelect={(option) => {
        const person = people.data?.list.find((candidate) => candidate.nickname === option.value);
        if (person) picked.current.set(person.nickname, person.userId);
      }}
      onChange={(value) => {
        setText(value);
        onTextChange(value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onSubmit();
      }}
      options={(people.data?.list ?? []).map((person) => ({
        key: person.userId,
        value: person.nickname,
        label: person.friend
          ? t('page.comments.mentionFriend', { name: person.nickname })
          : person.nickname,
      }))}
    />
  );
}
