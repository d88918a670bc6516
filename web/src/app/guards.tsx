import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NotAllowedPage } from '../pages/NotAllowedPage';
import { useSession } from '../lib/session';

/** Signed-out visitors go to /login, and come back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** Owner-only screens: a confirmateur sees why, not a broken page. The server checks too. */
export function RequireOwner({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user?.type !== 'owner') return <NotAllowedPage />;
  return children;
}
