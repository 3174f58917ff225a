// The caller's own feature switches (spec §6: what the provider may switch off per account),
// read from `GET /api/v1/user/permission` so the app hides or disables what a switch turns off.
// The server refuses those calls anyway (7000xx); this only keeps the screens honest. Shared
// below the features because the spaces, the tree, the files and the account screens all ask.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { featureNames, type Feature, type FeatureSwitches } from '@library/contract';
import { api } from '../lib/api-client';
import { useSessionStore } from '../stores/session-store';

export const myPermissionQueryKey = ['account', 'permission'] as const;

/**
 * `GET /api/v1/user/permission`: every switch as it applies to the caller. Checked by hand as
 * the contract's `myPermissionResponseSchema` would (every switch a boolean, nothing else kept):
 * the sidebar asks on every logged-in first load, and zod would add 26 kB of gzip to it.
 */
export async function getMyPermission(signal?: AbortSignal): Promise<FeatureSwitches> {
  const data: unknown = await api.get('/v1/user/permission', { signal });
  const features: unknown = (data as { features?: unknown } | null)?.features;
  const switches = {} as FeatureSwitches;
  for (const name of featureNames) {
    const value: unknown = (features as Record<string, unknown> | null | undefined)?.[name];
    if (typeof value !== 'boolean')
      throw new TypeError(`permission answer: ${name} is not a boolean`);
    switches[name] = value;
  }
  return switches;
}

/**
 * Cached per token (a login fetches it anew; logout clears the cache) and asked again when the
 * window regains focus, so a switch an administrator turned off shows without a reload.
 */
export function myPermissionQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...myPermissionQueryKey, token] as const,
    queryFn: ({ signal }) => getMyPermission(signal),
    enabled: token !== null,
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
  });
}

/** The caller's switches, or undefined while unknown (not logged in, loading, failed). */
export function useFeatureSwitches(): FeatureSwitches | undefined {
  const token = useSessionStore((state) => state.token);
  return useQuery(myPermissionQueryOptions(token)).data;
}

/** Whether a feature applies: off when its switch or the account's master switch is off. */
export function isFeatureOn(switches: FeatureSwitches | undefined, name: Feature): boolean {
  if (!switches) return true; // unknown: the server decides
  return switches.account && switches[name];
}

/**
 * True unless the provider switched `name` (or the whole account) off for the caller. While the
 * switches are unknown it answers true: hiding a button that later reappears would flicker for
 * nearly everyone, and the server refuses a switched-off call with its own message.
 */
export function useFeature(name: Feature): boolean {
  return isFeatureOn(useFeatureSwitches(), name);
}
