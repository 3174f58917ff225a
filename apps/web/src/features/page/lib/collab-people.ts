// The people editing a page together: who they are on the collab socket (the awareness field
// `user`, which BlockNote's carets read for the name and colour) and the colour each one gets.

export interface CollabPerson {
  userId: string;
  name: string;
  /** the caret, its label and the avatar's ring */
  color: string;
  /** root-relative picture path, as users carry it (spec §7 image path rule) */
  avatar: string | null;
}

/** Dark enough for white letters on it, distinct on light and dark pages alike. */
const colors = [
  '#d4380d',
  '#0958d9',
  '#389e0d',
  '#c41d7f',
  '#08979c',
  '#531dab',
  '#ad6800',
  '#1d39c4',
] as const;

/** The same colour for the same person on every screen and every device. */
export function personColor(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return colors[hash % colors.length]!;
}
