// Every query key of the inbox, under one root so a reconnected stream can ask for all of it
// again.

export const notificationKeys = {
  all: ['notifications'] as const,
  /** how many are unread, for the bell */
  unread: ['notifications', 'unread'] as const,
  lists: ['notifications', 'list'] as const,
  list: (unreadOnly: boolean) => ['notifications', 'list', { unreadOnly }] as const,
  settings: ['notifications', 'settings'] as const,
};
