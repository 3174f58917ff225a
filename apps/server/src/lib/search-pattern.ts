/** `%…%` LIKE pattern matching `words` literally (the wildcards % and _ escaped). */
export function containsPattern(words: string) {
  return `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
