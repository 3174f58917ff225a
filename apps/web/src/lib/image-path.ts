// Spec §7 image path rule: paths beginning space, user-avatar, preview, advise or temp stay as
// they are; other root-relative paths get the /api prefix. Absolute, protocol-relative, data:
// and blob: URLs are left untouched.

const keptPrefixes = /^\/?(?:space|user-avatar|preview|advise|temp)(?:[/?#.-]|$)/;
const absoluteUrl = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

export function resolveImagePath(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (absoluteUrl.test(path)) return path;
  if (keptPrefixes.test(path)) return path;
  if (path.startsWith('/api/')) return path;
  if (path.startsWith('/')) return `/api${path}`;
  return path;
}
