import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { devicesQueryKey } from './get-devices';

/** `DELETE /api/v1/user/devices/{id}`: logs that device out. */
export function removeDevice(id: string): Promise<null> {
  return api.delete<null>(`/v1/user/devices/${encodeURIComponent(id)}`);
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
