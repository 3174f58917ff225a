// Which parts of a Yjs update the page's log already holds. An update relayed through Redis is
// applied here but logged by the instance its editor is connected to; this instance keeps what of
// it the log has not shown yet, and logs the rest itself should that instance never do so (it
// died between relaying and logging). Parts are ranges of item ids, inserted and deleted.
import * as Y from 'yjs';

/** client → sorted, disjoint [start, end) clock ranges */
type Ranges = Map<number, Array<[number, number]>>;

export interface UpdateParts {
  inserted: Ranges;
  deleted: Ranges;
}

function add(ranges: Ranges, client: number, start: number, end: number) {
  if (end <= start) return;
  const list = ranges.get(client);
  if (list) list.push([start, end]);
  else ranges.set(client, [[start, end]]);
}

export function partsOf(update: Uint8Array): UpdateParts {
  const { structs, ds } = Y.decodeUpdate(update);
  const parts: UpdateParts = { inserted: new Map(), deleted: new Map() };
  for (const struct of structs) {
    // a Skip is a gap in a merged update, not content
    if (struct instanceof Y.Skip) continue;
    add(parts.inserted, struct.id.client, struct.id.clock, struct.id.clock + struct.length);
  }
  for (const [client, items] of ds.clients) {
    for (const item of items) add(parts.deleted, client, item.clock, item.clock + item.len);
  }
  return parts;
}

function subtractRanges(from: Ranges, covered: Ranges) {
  for (const [client, list] of from) {
    const cover = covered.get(client);
    if (!cover) continue;
    let rest = list;
    for (const [coverStart, coverEnd] of cover) {
      const next: Array<[number, number]> = [];
      for (const [start, end] of rest) {
        if (coverEnd <= start || end <= coverStart) {
          next.push([start, end]);
          continue;
        }
        if (start < coverStart) next.push([start, coverStart]);
        if (coverEnd < end) next.push([coverEnd, end]);
      }
      rest = next;
      if (rest.length === 0) break;
    }
    if (rest.length === 0) from.delete(client);
    else from.set(client, rest);
  }
}

/** Removes from `parts` what `logged` holds; true when nothing is left. */
export function subtractLogged(parts: UpdateParts, logged: UpdateParts): boolean {
  subtractRanges(parts.inserted, logged.inserted);
  subtractRanges(parts.deleted, logged.deleted);
  return parts.inserted.size === 0 && parts.deleted.size === 0;
}
