// A comment's text names people as `<@{userId}>` (docs/api.md, 'Notifications and watching').
// The inbox and the home page have no map of every user's nickname, so a mention reads as '@' and
// the name when they know it (the one who wrote, the reader), else a neutral word.

/**
 * The contract's `commentMentionPattern`, written again: importing it would bring the contract's
 * zod schemas (its module's neighbours) into the inbox's and the home page's chunks.
 */
const mentionPattern = /<@(\d{1,18})>/g;
/** an excerpt cut off inside a mention: `… <@12…` */
const cutMention = /<@\d*…?$/;

/**
 * The text with each mention as `@name`: `nameOf` answers the names the caller knows, `unknown`
 * stands for the rest ('@某人').
 */
export function mentionsAsNames(
  text: string,
  nameOf: (userId: string) => string | undefined,
  unknown: string,
): string {
  return text
    .replace(mentionPattern, (_match, userId: string) => `@${nameOf(userId) ?? unknown}`)
    .replace(cutMention, '@…');
}
