import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { useSession } from '../lib/session';
import { TopNav } from './TopNav';
import { useTranslation } from 'react-i18next';

export function Layout() {
  const { signOut } = useSession();
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The orders table uses the whole width of a desktop screen; other screens read better narrow.
  const wide = useLocation().pathname === '/orders';
  useEffect(() => {
    setUnauthorizedHandler(() => {
      signOut();
      navigate('/login');
    });
  }, [signOut, navigate]);

  return (
    <div className="min-h-screen">
      <TopNav />
      <main className={`mx-auto px-4 py-8 ${wide ? 'max-w-none md:px-6' : 'max-w-5xl'}`}>
        <Suspense fallback={<p className="text-slate-500">{t('app.loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
