import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { RequireAuth } from '../features/auth/RequireAuth';
import { FullPageLoading, layoutStyles } from '../features/shell';
import { LandingPage } from '../routes/LandingPage';
import { LoginPage } from '../routes/LoginPage';
import { NotFoundPage } from '../routes/NotFoundPage';

type PageModule = { default: ComponentType };

/**
 * A page in its own chunk that renders in the same frame as the shell when its chunk has already arrived:
 * React.lazy takes a module synchronously from a thenable that settles at once, so there is no Suspense
 * fallback frame (and no second render) for a page that is already there. Until then it suspends as usual.
 */
function lazyPage(load: () => Promise<PageModule>) {
  let loaded: PageModule | undefined;
  const preload = () => load().then((module) => (loaded = module));
  const settled = (module: PageModule) =>
    ({ then: (resolve: (value: PageModule) => void) => resolve(module) }) as unknown as Promise<PageModule>;
  return { Page: lazy(() => (loaded ? settled(loaded) : preload())), preload };
}

// The signed-in pages carry the heavy features (recorder, PDF export, admin tables): separate chunks keep
// the landing and sign-in pages light on a farm connection. The service worker precaches only the recorder
// (scripts/precache-split.ts); the others are cached on first use.
// History, settings and admin fetch through the data layer (TanStack Query), loaded with them; the recorder
// does not (lib/QueryProvider).
const withQueries = <Page extends ComponentType>(page: Promise<Page>) =>
  Promise.all([page, import('../lib/QueryProvider')]).then(([Page, data]) => ({
    default: data.withQueries(Page),
  }));
const pages = {
  '/app': lazyPage(() => import('../routes/AppPage').then((module) => ({ default: module.AppPage }))),
  '/history': lazyPage(() =>
    withQueries(import('../routes/HistoryPage').then((module) => module.HistoryPage)),
  ),
  '/settings': lazyPage(() =>
    withQueries(import('../routes/SettingsPage').then((module) => module.SettingsPage)),
  ),
  '/admin': lazyPage(() => withQueries(import('../routes/AdminPage').then((module) => module.AdminPage))),
};

// The page a load opens on (the recorder, the installed app's start_url, first) starts downloading now,
// alongside the session check, instead of after it: on a first visit that saves the check's round trip
// and its render before the chunk and its imports are even requested (Lighthouse mobile, issue 19).
// import() runs once per module, so the lazy page reuses this download.
const openingPage = window.location.pathname.replace(/\/+$/, '');
/** The load opens on a signed-in page (main.tsx starts the session check at once). */
export const opensSignedInPage = openingPage in pages;
const opening = opensSignedInPage ? pages[openingPage as keyof typeof pages].preload() : undefined;

/**
 * Settles when the first render can show the opening page itself rather than a loading frame: at once,
 * except on the recorder (/app), whose chunks the server's app.html preloads beside the shell's and the
 * service worker precaches, so waiting for them costs nothing and saves painting the shell twice. A chunk
 * that cannot load is left to the page's own loading and error handling.
 */
export const openingPageReady: Promise<unknown> =
  openingPage === '/app' && opening ? opening.catch(() => undefined) : Promise.resolve();

// Registration and the password reset need the server anyway: their pages are loaded when opened and kept
// out of the precached shell (issue 19). Offline, before their first use, they say why they cannot open.
const accountPage = <Name extends string>(load: () => Promise<Record<Name, () => ReactNode>>, name: Name) =>
  lazy<() => ReactNode>(() =>
    load().then(
      (module) => ({ default: module[name] }),
      () => ({ default: NeedsConnection }),
    ),
  );
const RegisterPage = accountPage(() => import('../routes/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = accountPage(() => import('../routes/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = accountPage(() => import('../routes/ResetPasswordPage'), 'ResetPasswordPage');

function NeedsConnection() {
  return (
    <main id="main" className={layoutStyles.fill}>
      <p className={layoutStyles.centered} role="status">
        This page needs a connection. Try again when you are online.
      </p>
    </main>
  );
}

const AppPage = pages['/app'].Page;
const HistoryPage = pages['/history'].Page;
const SettingsPage = pages['/settings'].Page;
const AdminPage = pages['/admin'].Page;

/**
 * The routes of spec section 2. There are no route parameters. Declarative routes (`<Routes>` inside
 * App's `<BrowserRouter>`) rather than a data router: nothing here uses loaders, actions or fetchers, and
 * leaving `createBrowserRouter` out keeps React Router's data layer out of the precached shell (issue 19).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route element={<PublicSuspense />}>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route path="/app" element={<AppPage />} />
        <Route path="/history" element={<HistoryPage />} />
        <Route path="/settings" element={<SettingsPage />} />
      </Route>
      <Route element={<RequireAuth adminOnly />}>
        <Route path="/admin" element={<AdminPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function PublicSuspense() {
  return (
    <Suspense fallback={<FullPageLoading />}>
      <Outlet />
    </Suspense>
  );
}
