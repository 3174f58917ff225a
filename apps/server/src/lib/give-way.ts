// Lets whatever waits on the event loop (requests that arrived, answers to write) run before a
// long piece of work goes on: background work on CPU (cutting the text of a hundred pages) calls
// it every few items.
export const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Splits items into consecutive groups whose weights add up to at most `budget` (an item heavier
 * than the budget is a group of its own).
 */
export function groupsOf<T>(items: T[], weight: (item: T) => number, budget: number): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let sum = 0;
  for (const item of items) {
    const w = weight(item);
    if (group.length > 0 && sum + w > budget) {
      groups.push(group);
      group = [];
      sum = 0;
    }
    group.push(item);
    sum += w;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}
