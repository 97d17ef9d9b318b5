import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '../components/ui/Toast';
import { createQueryClient } from '../lib/queryClient';
import { showPendingToast } from '../lib/toastStore';
import { AppRoutes } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
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
