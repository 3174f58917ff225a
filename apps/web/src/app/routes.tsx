// The route table of spec §2. `baseRoutes` is the fixed list everyone gets; `roleRoutes`
// (role-routes.tsx) carry a `roles` list in their handle and are added for users holding one of
// them (filterRoutesByRoles, children too). Screens load lazily so the first paint only needs the
// shell.
import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { routeMeta as meta } from '../lib/route-meta';
import { filterRoutesByRoles } from './route-access';
import { roleRoutes } from './role-routes';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { RootLayout } from './RootLayout';
import { RouteErrorScreen } from './RouteErrorScreen';
import { useSessionStore } from '../stores/session-store';
import { loadLaterText } from '../lib/i18n';

const homeRoute = () => import('../features/home/components/HomeRoute');
const homeScreen = () => import('../features/home/components/HomeScreen');
const addressBook = () => import('../features/addrbook/components/AddressBookScreen');
const orderScreens = () => import('../features/orders/screens');
const status = () => import('../features/status/components/StatusScreens');
const spaceView = () => import('../features/space/components/SpaceLayout');
const spaceHome = () => import('../features/space/components/SpaceHome');
// the space's AI chat is built in features/ai; the route and its tab are the space view's
const spaceAi = () => import('../features/ai/components/AiChatScreen');
const spaceMobile = () => import('../features/space/components/SpaceMobileScreen');
const pageScreen = () => import('../features/page/components/PageScreen');
const aiMobile = () => import('../features/ai/components/AiMobileScreens');

export const baseRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.home.path} replace /> },
  {
    path: paths.home.path,
    handle: meta({ titleKey: 'routes.home' }),
    lazy: () => {
      if (useSessionStore.getState().token === null) {
        return homeRoute().then((m) => ({ Component: m.HomeRoute }));
      }
      // a member's home is fetched beside the route's code, not after it
      void homeScreen();
      return homeRoute().then((m) => m.loadHomeScreen().then(() => ({ Component: m.HomeRoute })));
    },
  },
  {
    path: paths.login.path,
    handle: meta({ titleKey: 'routes.login' }),
    lazy: () =>
      import('../features/home/components/LoginRoute').then((m) => ({ Component: m.LoginRoute })),
  },
  {
    path: paths.register.path,
    handle: meta({ titleKey: 'routes.register' }),
    lazy: () =>
      import('../features/home/components/RegisterRoute').then((m) => ({
        Component: m.RegisterRoute,
      })),
  },
  {
    path: paths.share.path,
    handle: meta({ titleKey: 'routes.share' }),
    lazy: () => import('../features/share-view').then((m) => ({ Component: m.ShareScreen })),
  },
  {
    path: paths.forbidden.path,
    handle: meta({ titleKey: 'routes.forbidden' }),
    lazy: () => status().then((m) => ({ Component: m.ForbiddenScreen })),
  },
  {
    path: paths.notFound.path,
    handle: meta({ titleKey: 'routes.notFound' }),
    lazy: () => status().then((m) => ({ Component: m.NotFoundScreen })),
  },
  {
    path: paths.course.path,
    handle: meta({ titleKey: 'routes.course' }),
    lazy: () =>
      import('../features/history/components/HistoryScreen').then((m) => ({
        Component: m.HistoryScreen,
      })),
  },
  {
    path: paths.notes.path,
    handle: meta({ titleKey: 'routes.notes' }),
    lazy: () =>
      import('../features/notes/components/NotesScreen').then((m) => ({
        Component: m.NotesScreen,
      })),
  },
  {
    path: paths.recycle.path,
    handle: meta({ titleKey: 'routes.recycle' }),
    lazy: () =>
      import('../features/recycle/components/RecycleScreen').then((m) => ({
        Component: m.RecycleScreen,
      })),
  },
  {
    path: paths.notificationSettings.path,
    handle: meta({ titleKey: 'routes.notificationSettings' }),
    lazy: () =>
      import('../features/notifications/components/NotificationSettingsScreen').then((m) => ({
        Component: m.NotificationSettingsScreen,
      })),
  },
  {
    path: paths.notifications.path,
    handle: meta({ titleKey: 'routes.notifications' }),
    lazy: () =>
      import('../features/notifications/components/NotificationsScreen').then((m) => ({
        Component: m.NotificationsScreen,
      })),
  },
  {
    path: paths.addressBook.path,
    handle: meta({ titleKey: 'routes.addressBook' }),
    lazy: () => addressBook().then((m) => ({ Component: m.AddressBookScreen })),
  },
  {
    path: paths.addressBookInvite.path,
    handle: meta({ titleKey: 'routes.addressBookInvite' }),
    lazy: () => addressBook().then((m) => ({ Component: m.AddressBookScreen })),
  },
  {
    path: paths.addressBookTeam.path,
    handle: meta({ titleKey: 'routes.addressBookTeam' }),
    lazy: () => addressBook().then((m) => ({ Component: m.AddressBookScreen })),
  },
  {
    path: paths.addressBookFriend.path,
    handle: meta({ titleKey: 'routes.addressBookFriend' }),
    lazy: () => addressBook().then((m) => ({ Component: m.AddressBookScreen })),
  },
  {
    path: paths.plans.path,
    handle: meta({ titleKey: 'routes.plans' }),
    lazy: () => orderScreens().then((m) => ({ Component: m.PlansScreen })),
  },
  {
    path: paths.orders.path,
    handle: meta({ titleKey: 'routes.orders' }),
    lazy: () => orderScreens().then((m) => ({ Component: m.MyOrdersScreen })),
  },
  {
    path: paths.order.path,
    handle: meta({ titleKey: 'routes.order' }),
    lazy: () => orderScreens().then((m) => ({ Component: m.OrderScreen })),
  },
  {
    path: paths.space.path,
    id: 'space',
    handle: meta({ titleKey: 'routes.space' }),
    lazy: () => spaceView().then((m) => ({ Component: m.SpaceLayout })),
    children: [
      { index: true, lazy: () => spaceHome().then((m) => ({ Component: m.SpaceHome })) },
      {
        path: paths.spacePage.path,
        id: 'spacePage',
        handle: meta({ titleKey: 'routes.spacePage' }),
        lazy: () => pageScreen().then((m) => ({ Component: m.PageScreen })),
      },
      {
        path: paths.spaceAi.path,
        id: 'spaceAi',
        handle: meta({ titleKey: 'routes.spaceAi' }),
        lazy: () => spaceAi().then((m) => ({ Component: m.AiChatScreen })),
      },
    ],
  },
  {
    path: paths.openSpaceMobile.path,
    handle: meta({ titleKey: 'routes.openSpaceMobile' }),
    lazy: () =>
      import('../features/space/components/OpenSpaceMobileScreen').then((m) => ({
        Component: m.OpenSpaceMobileScreen,
      })),
  },
  {
    path: paths.openSpace.path,
    id: 'openSpace',
    handle: meta({ titleKey: 'routes.openSpace' }),
    lazy: () => spaceView().then((m) => ({ Component: m.OpenSpaceLayout })),
    children: [
      { index: true, lazy: () => spaceHome().then((m) => ({ Component: m.SpaceHome })) },
      {
        path: paths.openSpacePage.path,
        id: 'openSpacePage',
        handle: meta({ titleKey: 'routes.spacePage' }),
        lazy: () => pageScreen().then((m) => ({ Component: m.PageScreen })),
      },
      {
        path: paths.openSpaceAi.path,
        id: 'openSpaceAi',
        handle: meta({ titleKey: 'routes.spaceAi' }),
        lazy: () => spaceAi().then((m) => ({ Component: m.AiChatScreen })),
      },
    ],
  },
  {
    path: paths.openEntry.path,
    id: 'mcpSpace',
    handle: meta({ titleKey: 'routes.openEntry' }),
    lazy: () =>
      import('../features/space/components/OpenEntry').then((m) => ({ Component: m.OpenEntry })),
  },
  {
    path: paths.spaceMobileList.path,
    handle: meta({ titleKey: 'routes.spaceMobileList' }),
    lazy: () =>
      import('../features/space/components/SpaceMobileListScreen').then((m) => ({
        Component: m.SpaceMobileListScreen,
      })),
  },
  {
    path: paths.spaceMobile.path,
    handle: meta({ titleKey: 'routes.space' }),
    lazy: () => spaceMobile().then((m) => ({ Component: m.SpaceMobileScreen })),
  },
  {
    path: paths.spaceMobilePage.path,
    handle: meta({ titleKey: 'routes.spacePage' }),
    lazy: () =>
      import('../features/space/components/SpaceMobilePageScreen').then((m) => ({
        Component: m.SpaceMobilePageScreen,
      })),
  },
  {
    path: paths.spaceMobileAi.path,
    lazy: () => aiMobile().then((m) => ({ Component: m.AiMobileLayout })),
    children: [
      {
        index: true,
        handle: meta({ titleKey: 'routes.spaceMobileAi' }),
        lazy: () => aiMobile().then((m) => ({ Component: m.AiMobileListScreen })),
      },
      {
        path: paths.spaceMobileChat.path,
        handle: meta({ titleKey: 'routes.spaceMobileChat' }),
        lazy: () => aiMobile().then((m) => ({ Component: m.AiMobileChatScreen })),
      },
    ],
  },
  {
    path: '*',
    handle: meta({ titleKey: 'routes.notFound' }),
    lazy: () => status().then((m) => ({ Component: m.NotFoundScreen })),
  },
];

// The welcome, login and register pages draw with the first bundle's text; every other route
// shows some of the later text (lib/i18n.ts loadLaterText), so its code waits for that, loaded
// beside it. (Logged in, the app shell has waited for it already: app/RootLayout.tsx.)
const firstTextPaths: ReadonlySet<string | undefined> = new Set([
  paths.home.path,
  paths.login.path,
  paths.register.path,
]);

function withLaterText(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy } = route;
    const waiting =
      typeof lazy === 'function' && !firstTextPaths.has(route.path)
        ? { lazy: () => Promise.all([lazy(), loadLaterText()]).then(([loaded]) => loaded) }
        : {};
    const children = route.children ? { children: withLaterText(route.children) } : {};
    return { ...route, ...waiting, ...children } as RouteObject;
  });
}

/** The whole route tree for a user holding these roles. */
export function buildRoutes(roles: readonly string[]): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <FullPageSpinner />,
      children: withLaterText([...filterRoutesByRoles(roleRoutes, roles), ...baseRoutes]),
    },
  ];
}
