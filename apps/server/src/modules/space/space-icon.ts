// Which space icons are uploaded images: their value is the root-relative path of the icon
// route, `/v2/space/{id}/icon?v=<key>`, where the key names the image in the avatar store.

const keyPattern = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/** The icon value of an uploaded image. */
export const spaceIconPath = (spaceId: string, key: string) => `/v2/space/${spaceId}/icon?v=${key}`;

/** The stored image's key when the space's icon is an uploaded image; null for emoji or none. */
export function spaceIconKey(spaceId: string, icon: string | null | undefined): string | null {
  const prefix = `/v2/space/${spaceId}/icon?v=`;
  if (!icon?.startsWith(prefix)) return null;
  const key = icon.slice(prefix.length);
  return keyPattern.test(key) ? key : null;
}

/** A value naming some space's icon route: only an upload may set one. */
export const looksLikeIconPath = (icon: string) =>
  /^\/?v2\/space\/[^/]+\/icon(?:[?#]|$)/.test(icon);
