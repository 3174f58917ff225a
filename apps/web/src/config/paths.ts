// Every route path of the app in one table (spec §2). `path` is the router pattern, `getHref`
// builds a concrete link. Screens and the guard import from here, never spell paths themselves.

const encode = encodeURIComponent;

export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/home', getHref: () => '/home' },
  login: { path: '/login', getHref: () => '/login' },
  register: {
    path: '/register',
    getHref: (inviteCode: string) => `/register?c=${encode(inviteCode)}`,
  },
  forbidden: { path: '/403', getHref: () => '/403' },
  notFound: { path: '/404', getHref: () => '/404' },

  course: { path: '/course', getHref: () => '/course' },
  notes: { path: '/notes', getHref: () => '/notes' },
  recycle: { path: '/recycle', getHref: () => '/recycle' },
  /** the inbox as a screen (phones; desktops open it in a drawer from the bell) */
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  // the contract's `notificationSettingsPath`, where mail leads (written here: importing the
  // contract would bring its zod schemas into every first load; paths.test.ts checks the two)
  notificationSettings: {
    path: '/notifications/settings',
    getHref: () => '/notifications/settings',
  },

  addressBook: { path: '/addrbook', getHref: () => '/addrbook' },
  addressBookInvite: {
    path: '/addrbook/invite/:inviteId',
    getHref: (inviteId: string) => `/addrbook/invite/${encode(inviteId)}`,
  },
  addressBookTeam: {
    path: '/addrbook/team/:teamId',
    getHref: (teamId: string) => `/addrbook/team/${encode(teamId)}`,
  },
  addressBookFriend: {
    path: '/addrbook/friend/:friendId',
    getHref: (friendId: string) => `/addrbook/friend/${encode(friendId)}`,
  },

  space: { path: '/space/:spaceId', getHref: (spaceId: string) => `/space/${encode(spaceId)}` },
  spacePage: {
    path: '/space/:spaceId/page/:pageId',
    getHref: (spaceId: string, pageId: string) =>
      `/space/${encode(spaceId)}/page/${encode(pageId)}`,
  },
  spaceAi: {
    path: '/space/:spaceId/ai',
    getHref: (spaceId: string) => `/space/${encode(spaceId)}/ai`,
  },

  openSpace: {
    path: '/open-space/:spaceId',
    getHref: (spaceId: string) => `/open-space/${encode(spaceId)}`,
  },
  openSpacePage: {
    path: '/open-space/:spaceId/page/:pageId',
    getHref: (spaceId: string, pageId: string) =>
      `/open-space/${encode(spaceId)}/page/${encode(pageId)}`,
  },
  openSpaceAi: {
    path: '/open-space/:spaceId/ai',
    getHref: (spaceId: string) => `/open-space/${encode(spaceId)}/ai`,
  },
  openSpaceMobile: { path: '/open-space/mobile', getHref: () => '/open-space/mobile' },
  /** visitor entry (route name mcpSpace) */
  openEntry: { path: '/open/:spaceId', getHref: (spaceId: string) => `/open/${encode(spaceId)}` },

  /** a share's link, opened without an account */
  share: { path: '/s/:token', getHref: (token: string) => `/s/${encode(token)}` },

  spaceMobileList: { path: '/space-mobile', getHref: () => '/space-mobile' },
  spaceMobile: {
    path: '/space-mobile/:spaceId',
    getHref: (spaceId: string) => `/space-mobile/${encode(spaceId)}`,
  },
  spaceMobilePage: {
    path: '/space-mobile/:spaceId/page/:pageId',
    getHref: (spaceId: string, pageId: string) =>
      `/space-mobile/${encode(spaceId)}/page/${encode(pageId)}`,
  },
  spaceMobileAi: {
    path: '/space-mobile/:spaceId/ai',
    getHref: (spaceId: string) => `/space-mobile/${encode(spaceId)}/ai`,
  },
  spaceMobileChat: {
    path: '/space-mobile/:spaceId/ai/:conversationId',
    getHref: (spaceId: string, conversationId: string) =>
      `/space-mobile/${encode(spaceId)}/ai/${encode(conversationId)}`,
  },

  /** the price list; `back` is where the way out of a quota (7001xx) was taken, to return to */
  plans: {
    path: '/plans',
    getHref: (back?: string) => (back ? `/plans?back=${encode(back)}` : '/plans'),
  },
  orders: { path: '/orders', getHref: () => '/orders' },
  /** one order: its checkout while unpaid, else its outcome and receipt */
  order: {
    path: '/orders/:orderId',
    getHref: (orderId: string, back?: string) =>
      `/orders/${encode(orderId)}${back ? `?back=${encode(back)}` : ''}`,
  },

  sysManage: { path: '/sys-manage', getHref: () => '/sys-manage' },
  sysUsers: { path: '/sys/users', getHref: () => '/sys/users' },
  sysPermission: { path: '/sys/permission', getHref: () => '/sys/permission' },
  sysAi: { path: '/sys/ai', getHref: () => '/sys/ai' },
  sysOrders: { path: '/sys/orders', getHref: () => '/sys/orders' },
  sysTemplates: { path: '/sys/templates', getHref: () => '/sys/templates' },
  sysAudit: { path: '/sys/audit', getHref: () => '/sys/audit' },
} as const;

/** Path prefixes a visitor may open without logging in (spec §2 guard rules). */
export const publicPathPrefixes = [
  '/home',
  '/portal',
  '/open/',
  '/projects',
  '/teams',
  '/enterprises',
  '/investors',
  '/news',
  '/parks',
] as const;

/**
 * The open (visitor) space routes: spec §6 lets visitors see the public prefixes and the open
 * space route, so these need no login either.
 */
export const visitorSpacePaths = [
  paths.openSpaceMobile.path,
  paths.openSpace.path,
  paths.openSpacePage.path,
  paths.openSpaceAi.path,
] as const;

/** A share's link: open to anyone holding it (the link and its password are the credential). */
export const sharePaths = [paths.share.path] as const;

/** Screens that are open by the route table itself (spec §2: /403, /404, /register) plus /login. */
export const openPaths = [
  paths.forbidden.path,
  paths.notFound.path,
  paths.register.path,
  paths.login.path,
] as const;
