// Spec §7 image path rule: paths beginning space, user-avatar, preview, advise or temp stay as
// they are; other root-relative paths get the /api prefix. Absolute, protocol-relative, data:
// and blob: URLs are left untouched.

/** The path beginnings spec §7 leaves as they are. */
export const keptImagePathPrefixes = ['space', 'user-avatar', 'preview', 'advise', 'temp'] as const;

const keptPrefixes = new RegExp(`^/?(?:${keptImagePathPrefixes.join('|')})(?:[/?#.-]|$)`);
const absoluteUrl = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

export function resolveImagePath(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (absoluteUrl.test(path)) return path;
  if (keptPrefixes.test(path)) return path;
  if (path.startsWith('/api/')) return path;
  if (path.startsWith('/')) return `/api${path}`;
  return path;
}

/**
 * A value that names a picture rather than being text (an emoji, say): a root-relative path, a
 * URL (http, data, blob), or a path with one of the kept beginnings.
 */
export function isImagePath(value: string): boolean {
  return value.startsWith('/') || /^(?:https?|data|blob):/i.test(value) || keptPrefixes.test(value);
}
