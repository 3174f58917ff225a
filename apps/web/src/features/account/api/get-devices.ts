import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Device, deviceListSchema } from '@library/contract';
import { api } from '../../../lib/api-client';

type DeviceList = z.infer<typeof deviceListSchema>;

export const devicesQueryKey = ['user', 'devices'] as const;

/** `GET /api/v1/user/devices`: where this account is logged in. */
export async function getDevices(signal?: AbortSignal): Promise<Device[]> {
  const { list } = await api.get<DeviceList>('/v1/user/devices', { signal });
  return list;
}

export function devicesQueryOptions() {
  return queryOptions({ queryKey: devicesQueryKey, queryFn: ({ signal }) => getDevices(signal) });
}

export function useDevices() {
  return useQuery(devicesQueryOptions());
}
