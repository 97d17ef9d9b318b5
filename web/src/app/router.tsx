import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { RequireAuth } from '../features/auth/RequireAuth';
import { ForgotPasswordPage } from '../routes/ForgotPasswordPage';
import { LandingPage } from '../routes/LandingPage';
import { LoginPage } from '../routes/LoginPage';
import { NotFoundPage } from '../routes/NotFoundPage';
import { RegisterPage } from '../routes/RegisterPage';
import { ResetPasswordPage } from '../routes/ResetPasswordPage';

// The signed-in pages carry the heavy features (recorder, PDF export, admin tables): separate chunks keep
// the landing and sign-in pages light on a farm connection. The service worker precaches them all anyway.
const pageLoaders = {
  '/app': () => import('../routes/AppPage').then((module) => ({ default: module.AppPage })),
  '/history': () => import('../routes/HistoryPage').then((module) => ({ default: module.HistoryPage })),
  '/settings': () => import('../routes/SettingsPage').then((module) => ({ default: module.SettingsPage })),
  '/admin': () => import('../routes/AdminPage').then((module) => ({ default: module.AdminPage })),
};

// The page a load opens on (the recorder, the installed app's start_url, first) starts downloading now,
// alongside the session check, instead of after it: on a first visit that saves the check's round trip
// and its render before the chunk and its imports are even requested (Lighthouse mobile, issue 19).
// import() runs once per module, so the lazy() below reuses this download.
const openingPage = window.location.pathname.replace(/\/+$/, '');
if (openingPage in pageLoaders)
  void pageLoaders[openingPage as keyof typeof pageLoaders]().catch(() => undefined);

const AppPage = lazy(pageLoaders['/app']);
const HistoryPage = lazy(pageLoaders['/history']);
const SettingsPage = lazy(pageLoaders['/settings']);
const AdminPage = lazy(pageLoaders['/admin']);

/** The routes of spec section 2. There are no route parameters. */
export function createAppRouter() {
  return createBrowserRouter([
    { path: '/', element: <LandingPage /> },
    { path: '/login', element: <LoginPage /> },
    { path: '/register', element: <RegisterPage /> },
    { path: '/forgot-password', element: <ForgotPasswordPage /> },
    { path: '/reset-password', element: <ResetPasswordPage /> },
    {
      element: <RequireAuth />,
      children: [
        { path: '/app', element: <AppPage /> },
        { path: '/history', element: <HistoryPage /> },
        { path: '/settings', element: <SettingsPage /> },
      ],
    },
    {
      element: <RequireAuth adminOnly />,
      children: [{ path: '/admin', element: <AdminPage /> }],
    },
    { path: '*', element: <NotFoundPage /> },
  ]);
}
