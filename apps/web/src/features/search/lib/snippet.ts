// The server's snippet format (docs/api.md 'Search'): HTML-escaped text whose only markup is
// <em>…</em> around matches. It is split on those two tags and unescaped into plain text parts —
// never parsed as HTML, so nothing in a page's text can become markup here.

export interface SnippetPart {
  text: string;
  match: boolean;
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e]!);

export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  for (const piece of snippet.split(/(<em>|<\/em>)/)) {
    if (piece === '<em>') match = true;
    else if (piece === '</em>') match = false;
    else if (piece) parts.push({ text: unescape(piece), match });
  }
  return parts;
}
