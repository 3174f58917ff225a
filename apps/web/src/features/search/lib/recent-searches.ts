// The last searches of this browser (local storage, not one of the spec's keys), newest first.
import { readStorage, writeStorage } from '../../../lib/storage';

const key = 'recent-searches';
const keep = 8;

export function recentSearches(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(key) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === 'string').slice(0, keep)
      : [];
  } catch {
    return [];
  }
}

export function rememberSearch(keywords: string): string[] {
  const trimmed = keywords.trim();
  if (!trimmed) return recentSearches();
  const next = [trimmed, ...recentSearches().filter((item) => item !== trimmed)].slice(0, keep);
  writeStorage(key, JSON.stringify(next));
  return next;
}

export function clearRecentSearches(): void {
  writeStorage(key, '[]');
}
