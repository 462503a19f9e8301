import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createHashRouter,
  type LoaderFunctionArgs,
  Navigate,
  Outlet,
  type RouteObject,
  redirect,
  useLocation,
  useNavigation,
  useParams,
} from 'react-router';
import { TopProgress } from '../components/top-progress';
import { runGuard } from '../lib/guard';
import { registerNavigator } from '../lib/navigation';
import { findRouteTrail, flatten, useAccess } from '../lib/permissions';
import type { AppRoute } from '../lib/route-table';
import { ADMIN_PAGE_ROUTES, type PageRoute, PUBLIC_PAGE_ROUTES } from './routes';

/** `handle` of every page route: its table entry and parents (for `useMatches()` in layouts). */
export interface RouteHandle {
  route: AppRoute;
  trail: AppRoute[];
}

/** Page title: route title + product suffix (spec section 2). */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    const special: Record<string, string> = { '/404': 'notFound', '/401': 'unauthorized' };
    const key = special[pathname] ?? findRouteTrail(pathname).at(-1)?.title;
    document.title = key ? t('router:pageTitle', { title: t(`route:${key}`) }) : t('common:product');
  }, [pathname, t]);
}

/** Root element: page title, loading bar while the guard or a lazy page is pending, then the matched route. */
function RootShell() {
  const navigation = useNavigation();
  usePageTitle();
  return (
    <>
      {navigation.state !== 'idle' && <TopProgress />}
      <Outlet />
    </>
  );
}

/** The navigation guard (spec section 4) as the root loader: runs before every navigation renders. */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const raw = new URL(request.url).pathname;
  let path = raw;
  try {
    path = decodeURI(raw);
  } catch {
    // a malformed escape: decide on the raw path (it matches no route and ends at /404 or /login)
  }
  const target = await runGuard(path);
  if (target && target !== path) throw redirect(target);
  return null;
}

// The error pages (antd's Result with its large illustrations) are needed only when something went wrong: they
// load on first use, so they are not part of every page's first load.
const errorPages = () => import('../components/error-pages');
const LazyRouteErrorPage = lazy(() =>
  errorPages().then(
    (m) => ({ default: m.RouteErrorPage }),
    // the chunk itself may be what failed (an old build after a deploy): a plain page that offers the reload
    () => ({ default: PlainErrorPage }),
  ),
);

/** The error page's minimal form, for when the error page's own chunk cannot be loaded. */
function PlainErrorPage() {
  const { t } = useTranslation('router');
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h1 style={{ fontSize: 20 }}>{t('errorTitle')}</h1>
      <p>{t('errorDesc')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </div>
  );
}

/** Router error boundary: the error page, loaded when a page fails (the bar shows while it loads). */
function RouteErrorBoundary() {
  return (
    <Suspense fallback={<TopProgress />}>
      <LazyRouteErrorPage />
    </Suspense>
  );
}

/** A parent route (`/vrdata`) goes to its first child the user may open. */
function ParentRedirect({ route }: { route: AppRoute }) {
  const { routes } = useAccess();
  const target = flatten(routes).find((r) => r.path === route.path)?.redirect ?? route.redirect ?? '/404';
  return <Navigate to={target} replace />;
}

/** `/redirect/<path>` comes straight back to `<path>`: the tags-view "refresh" re-mounts the page this way. */
function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}

function pageRoutes(routes: readonly PageRoute[], parents: AppRoute[] = []): RouteObject[] {
  return routes.flatMap((route) => {
    const trail = [...parents, route];
    const handle: RouteHandle = { route, trail };
    const own: RouteObject[] = [];
    const page = route.page;
    if (page) own.push({ path: route.path, handle, lazy: async () => ({ Component: (await page()).default }) });
    else if (route.redirect) own.push({ path: route.path, handle, element: <ParentRedirect route={route} /> });
    return [...own, ...(route.children ? pageRoutes(route.children, trail) : [])];
  });
}

type LayoutModule = Record<string, unknown>;

/** A layout module may export its component as default or by name. */
function layoutOf(mod: LayoutModule, name: string): ComponentType {
  const c = (mod.default ?? mod[name]) as ComponentType | undefined;
  if (!c) throw new Error(`${name} is not exported by its module`);
  return c;
}

export interface BuildRoutesOptions {
  /** Layouts to use instead of the app's (tests). */
  PublicLayout?: ComponentType;
  AdminLayout?: ComponentType;
}

/**
 * The route tree: a root carrying the guard, the public layout with the public pages, the admin layout
 * with the admin pages and `/redirect/*`, the 404 and 401 pages, and `*` -> /404.
 */
export function buildRoutes(opts: BuildRoutesOptions = {}): RouteObject[] {
  const publicLayout: RouteObject = opts.PublicLayout
    ? { Component: opts.PublicLayout }
    : {
        lazy: async () => ({ Component: layoutOf((await import('./layouts/public-layout')) as LayoutModule, 'PublicLayout') }),
      };
  const adminLayout: RouteObject = opts.AdminLayout
    ? { Component: opts.AdminLayout }
    : {
        lazy: async () => ({ Component: layoutOf((await import('./layouts/admin-layout')) as LayoutModule, 'AdminLayout') }),
      };
  return [
    {
      id: 'root',
      Component: RootShell,
      HydrateFallback: TopProgress,
      ErrorBoundary: RouteErrorBoundary,
      loader: guardLoader,
      // the guard must run on every navigation, not only when params change
      shouldRevalidate: () => true,
      children: [
        { id: 'public', ...publicLayout, children: pageRoutes(PUBLIC_PAGE_ROUTES) },
        {
          id: 'admin',
          ...adminLayout,
          children: [...pageRoutes(ADMIN_PAGE_ROUTES), { path: '/redirect/*', Component: RedirectPage }],
        },
        { path: '/404', lazy: async () => ({ Component: (await errorPages()).NotFoundPage }) },
        { path: '/401', lazy: async () => ({ Component: (await errorPages()).UnauthorizedPage }) },
        { path: '/index', element: <Navigate to="/" replace /> },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

/** The app's hash router; HTTP client and session navigate through it (lib/navigation). */
export function createAppRouter() {
  const router = createHashRouter(buildRoutes());
  registerNavigator({
    navigate: (to, o) => void router.navigate(to, o),
    location: () => {
      const l = router.state.navigation.location ?? router.state.location;
      return `${l.pathname}${l.search}`;
    },
  });
  return router;
}
