import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { StorageKey } from '@library/contract';
import { writeStorage } from '../lib/storage';
import { isMemorableRoute } from './guard/guard-decision';

/** Saves the last visited authenticated route (storage key `last-visited-route`, spec §2). */
export function useLastVisitedRoute(enabled: boolean): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (enabled && isMemorableRoute(pathname)) {
      writeStorage(StorageKey.lastVisitedRoute, `${pathname}${search}`);
    }
  }, [enabled, pathname, search]);
}
