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
const AppPage = lazy(() => import('../routes/AppPage').then((module) => ({ default: module.AppPage })));
const HistoryPage = lazy(() =>
  import('../routes/HistoryPage').then((module) => ({ default: module.HistoryPage })),
);
const SettingsPage = lazy(() =>
  import('../routes/SettingsPage').then((module) => ({ default: module.SettingsPage })),
);
const AdminPage = lazy(() => import('../routes/AdminPage').then((module) => ({ default: module.AdminPage })));

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
