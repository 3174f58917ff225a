/** What the page toolbar knows of its actions to lay them out on one row. */
export interface ToolbarFitInput {
  /** the actions in the order they are drawn */
  keys: readonly string[];
  /** each action's width as drawn with its label, in `keys` order */
  widths: readonly number[];
  /** the keys that matter most on a narrow screen first; keys not named here come last */
  priority: readonly string[];
  /** the width the actions may take, the '…' button included */
  available: number;
  /** the space between two buttons */
  gap: number;
  /** the '…' button's width */
  moreWidth: number;
}

/**
 * The keys of the actions that stay on the row, in drawn order: every action when all fit,
 * otherwise as many as fit beside the '…' button, taken by priority — stopping at the first that
 * does not fit, so a narrower screen never shows a less used action in place of a more used one.
 */
export function fitToolbar({
  keys,
  widths,
  priority,
  available,
  gap,
  moreWidth,
}: ToolbarFitInput): string[] {
  const widthOf = new Map(keys.map((key, index) => [key, widths[index] ?? 0]));
  const all = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, keys.length - 1);
  if (all <= available) return [...keys];
  const ranked = [
    ...priority.filter((key) => widthOf.has(key)),
    ...keys.filter((key) => !priority.includes(key)),
  ];
  const kept = new Set<string>();
  let used = moreWidth;
  for (const key of ranked) {
    const next = used + gap + (widthOf.get(key) ?? 0);
    if (next > available) break;
    kept.add(key);
    used = next;
  }
  return keys.filter((key) => kept.has(key));
}
