// A comment's text carries a mention as `<@{userId}>` (the API's form); the comment box shows it
// as `@nickname` while it is written. Converting both ways, and cutting a stored text into words
// and mentions for showing it.
import type { PageUser } from '@library/contract';

const storedMention = /<@(\d{1,18})>/g;

/** What the writer sees, and which `@nickname` stands for whom. */
export interface MentionDraft {
  text: string;
  picked: Map<string, string>;
}

/** A stored text as the comment box shows it (an unknown id stays as it is). */
export function draftFromStored(stored: string, people: PageUser[]): MentionDraft {
  const byId = new Map(people.map((person) => [person.userId, person]));
  const picked = new Map<string, string>();
  const text = stored.replace(storedMention, (whole, userId: string) => {
    const person = byId.get(userId);
    if (!person?.nickname) return whole;
    picked.set(person.nickname, userId);
    return `@${person.nickname}`;
  });
  return { text, picked };
}

/** The text as the API takes it: each `@nickname` picked from the list becomes `<@{userId}>`. */
export function storedFromDraft({ text, picked }: MentionDraft): string {
  // longest first, so '@张三丰' is not taken for '@张三' followed by '丰'
  const nicknames = [...picked.keys()].sort((a, b) => b.length - a.length);
  if (nicknames.length === 0) return text;
  const pattern = new RegExp(
    `@(${nicknames.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
    'g',
  );
  return text.replace(pattern, (_whole, nickname: string) => `<@${picked.get(nickname)}>`);
}

export type CommentPiece = { text: string } | { person: PageUser } | { unknown: string };

/** A stored text cut into plain text and mentions, for showing it. */
export function commentPieces(stored: string, people: PageUser[]): CommentPiece[] {
  const byId = new Map(people.map((person) => [person.userId, person]));
  const pieces: CommentPiece[] = [];
  let last = 0;
  for (const match of stored.matchAll(storedMention)) {
    if (match.index > last) pieces.push({ text: stored.slice(last, match.index) });
    const person = byId.get(match[1]!);
    pieces.push(person ? { person } : { unknown: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < stored.length) pieces.push({ text: stored.slice(last) });
  return pieces;
}
