// Text files as people write them here: UTF-8 (with or without a byte-order mark), or the
// GB 18030 family older Chinese Windows tools still save. Long files are cut for display.
export interface DecodedText {
  text: string;
  /** the file went on past what is shown */
  truncated: boolean;
}

/** Characters shown at most (highlighting a huge file would freeze the tab). */
export const maxShownCharacters = 512 * 1024;

export function decodeText(bytes: Uint8Array, maxCharacters = maxShownCharacters): DecodedText {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: most likely GBK/GB 18030; if even that fails, show what UTF-8 can.
    try {
      text = new TextDecoder('gb18030').decode(bytes);
    } catch {
      text = new TextDecoder('utf-8').decode(bytes);
    }
  }
  if (text.length <= maxCharacters) return { text, truncated: false };
  return { text: text.slice(0, maxCharacters), truncated: true };
}
