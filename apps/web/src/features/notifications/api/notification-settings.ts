import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, UpdateNotificationSettings } from '@library/contract';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** `GET /api/v1/notification/settings`: each kind on or off, and how mail is sent. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => api.get<NotificationSettings>('/v1/notification/settings', { signal }),
  });
}

/** `PUT /api/v1/notification/settings` with what changed; the answer is the settings now. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateNotificationSettings) =>
      api.put<NotificationSettings>('/v1/notification/settings', change),
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings, settings),
  });
}
