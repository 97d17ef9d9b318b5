import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { AppLayout, FullPageLoading, LoadingState } from '../shell';
import { AccessDenied } from './AccessDenied';
import { isAdmin, useCurrentUser } from './api';

/**
 * The route guard (spec section 2): 'Loading...' while asking who the user is, /login when the answer is
 * an error or lacks the success flag, and the Access Denied card when an admin page meets a non-admin.
 * A user confirmed earlier on this device is shown at once while the check runs behind (issue 19,
 * "lie-fi"); a failed check keeps them (the query keeps its data), only a 401 answer (null) removes them.
 */
export function RequireAuth({ adminOnly = false }: { adminOnly?: boolean }) {
  const { data, isPending } = useCurrentUser();
  if (isPending) return <FullPageLoading />;
  if (!data?.success || !data.user) return <Navigate to="/login" replace />;
  return (
    <AppLayout user={data.user}>
      {adminOnly && !isAdmin(data.user) ? (
        <AccessDenied />
      ) : (
        // Signed-in pages are split into their own chunks (see app/router.tsx).
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      )}
    </AppLayout>
  );
}
