import { Link, useNavigate } from 'react-router';
import { LanguagePicker } from '../features/language/LanguagePicker';
import { useSession } from '../lib/session';
import { useTranslation } from 'react-i18next';

/** On every screen: the logo, the language, then the user and Logout, or the login and register links. */
export function TopNav() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav
        aria-label={t('nav.main')}
        className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3"
      >
        <Link to="/" className="text-xl font-bold text-emerald-700">
          Tawsil
        </Link>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <LanguagePicker />
          {user ? (
            <>
              <Link to="/dashboard" className="font-medium text-slate-800 hover:underline">
                {user.name}
              </Link>
              <Link to="/account" className="hover:underline">
                {t('nav.account')}
              </Link>
              <button
                type="button"
                onClick={() => {
                  signOut();
                  navigate('/');
                }}
                className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
              >
                {t('nav.logout')}
              </button>
            </>
          ) : (
            <>
              <Link to="/login" className="hover:underline">
                {t('nav.login')}
              </Link>
              <Link
                to="/register"
                className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white hover:bg-emerald-800"
              >
                {t('nav.register')}
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
