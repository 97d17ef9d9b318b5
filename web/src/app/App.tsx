import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '../components/ui/Toast';
import { showPendingToast } from '../lib/toastStore';
import { AppRoutes } from './router';

/** The app; main.tsx makes the query client before the first render (see startSessionCheck). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  useEffect(showPendingToast, []);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  );
}
