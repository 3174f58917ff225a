// Characters PostgreSQL cannot keep: NUL (U+0000), refused in text and in jsonb, and lone UTF-16
// surrogates (a text column silently turns them into U+FFFD; jsonb refuses the escape). The server
// refuses them in every request string with 400 + 100002 naming the field; editor documents (page
// blocks, a note's content and text), where a paste can bring them in unseen, are stripped of
// them instead (`stripUnsafeText`), so an autosave is never stuck on a character nobody can see.

/**
 * Objects and arrays nested deeper than this are refused (PostgreSQL's jsonb parser runs out of
 * stack long before a browser's JSON does); editor documents stay far below it.
 */
export const maxInputDepth = 100;

// a NUL or any surrogate: only then is the exact scan needed (pairs are fine)
// eslint-disable-next-line no-control-regex -- NUL is what this looks for
const suspect = /[\u0000\ud800-\udfff]/;

/** Index of the first NUL or lone surrogate of `text`, or -1 when it has none. */
export function unsafeTextIndex(text: string): number {
  if (!suspect.test(text)) return -1;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return i;
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit > 0xdbff) return i; // a low surrogate with no high one before it
    const next = text.charCodeAt(i + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return i; // a high surrogate with no low one after
    i++;
  }
  return -1;
}

function stripText(text: string): string {
  if (unsafeTextIndex(text) < 0) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) continue;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text[i]! + text[i + 1]!;
        i++;
      }
      continue;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) continue;
    out += text[i]!;
  }
  return out;
}

/**
 * `value` without NUL and lone surrogates in any string or object key, down to `maxInputDepth`
 * (what lies deeper is left for the server to refuse); values that hold none are returned as they
 * are (no copy).
 */
export function stripUnsafeText<T>(value: T): T {
  return stripValue(value, 0) as T;
}

function stripValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return stripText(value);
  if (depth >= maxInputDepth) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = stripValue(value[i], depth + 1);
      if (item !== value[i]) (copy ??= value.slice())[i] = item;
    }
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    const entries = Object.entries(value);
    for (const [key, item] of entries) {
      const cleanKey = stripText(key);
      const cleanItem = stripValue(item, depth + 1);
      if (cleanKey !== key || cleanItem !== item) {
        copy ??= Object.fromEntries(entries);
        if (cleanKey !== key) delete copy[key];
        copy[cleanKey] = cleanItem;
      }
    }
    return copy ?? value;
  }
  return value;
}
