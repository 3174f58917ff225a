import type { SpaceSummary } from '@library/contract';
import { isImagePath, resolveImagePath } from '../lib/image-path';

/** A space's icon: its picture, its emoji, or its first character on a tinted tile. */
export function SpaceIcon({
  space,
  size = 20,
}: {
  space: Pick<SpaceSummary, 'icon' | 'name'>;
  size?: number;
}) {
  const icon = space.icon?.trim() ?? '';
  const box = { width: size, height: size, fontSize: Math.round(size * 0.6) };
  if (icon && isImagePath(icon)) {
    return <img className="space-icon" src={resolveImagePath(icon)} alt="" style={box} />;
  }
  const text = icon || space.name.trim().charAt(0).toUpperCase() || '·';
  return (
    <span className={icon ? 'space-icon space-icon-emoji' : 'space-icon'} style={box} aria-hidden>
      {text}
    </span>
  );
}
