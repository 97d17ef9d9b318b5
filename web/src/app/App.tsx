import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '../components/ui/Toast';
import { showPendingToast } from '../lib/toastStore';
import { AppRoutes } from './router';

/**
 * The app. The data layer (TanStack Query) is provided by the pages that fetch with it (lib/QueryProvider),
 * not here: the shell and the recorder need only the session (features/auth/session) and stay light.
 */
export function App() {
  useEffect(showPendingToast, []);
  return (
    <>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </>
  );
}
