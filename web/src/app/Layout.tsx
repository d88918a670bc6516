import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { useSession } from '../lib/session';
import { TopNav } from './TopNav';

export function Layout() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      signOut();
      navigate('/login');
    });
  }, [signOut, navigate]);

  return (
    <div className="min-h-screen">
      <TopNav />
      <main className="mx-auto max-w-5xl px-4 py-8">
        <Suspense fallback={<p className="text-slate-500">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
