import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthUserDto } from '@tawsil/contracts/identity';
import { keepChosenLanguage } from '../i18n/detect';
import { switchLanguage } from '../i18n/i18n';
import { isLanguage, type Language } from '../i18n/languages';
import {
  dropAccessToken,
  getAccessToken,
  onAccessTokenChange,
  refreshAccessToken,
  setAccessToken,
} from './access-token';

/**
 * The signed-in user; `token` is in memory only, absent until the refresh cookie brings it.
 * `language` is the one chosen on the server, which follows the user to every browser.
 */
export type SessionUser = Omit<AuthUserDto, 'token'> & { token?: string; language?: Language };

/** The app shows the user's own language as soon as the server tells it. */
function followLanguage(user: AuthUserDto): void {
  const { language } = user as { language?: unknown };
  if (!isLanguage(language)) return;
  keepChosenLanguage(language);
  void switchLanguage(language);
}

const STORAGE_KEY = 'tawsil.user';

function withoutToken(user: SessionUser): SessionUser {
  const kept = { ...user };
  delete kept.token;
  return kept;
}

/** Who is signed in, as kept in storage: name and type for the screens, never a token. */
export function readStoredUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const stored = raw ? (JSON.parse(raw) as SessionUser) : null;
    if (!stored || typeof stored.name !== 'string' || typeof stored.type !== 'string') return null;
    return { ...withoutToken(stored), token: getAccessToken() };
  } catch {
    return null;
  }
}

function storeUser(user: SessionUser | null): void {
  if (!user) return localStorage.removeItem(STORAGE_KEY);
  localStorage.setItem(STORAGE_KEY, JSON.stringify(withoutToken(user)));
}

interface Session {
  user: SessionUser | null;
  signIn(user: AuthUserDto): void;
  /** Keeps the language the user chose with who is signed in. */
  setLanguage(language: Language): void;
  /** Ends this browser's session on the server too (best effort), then forgets the user here. */
  signOut(): void;
}

const SessionContext = createContext<Session | null>(null);

/**
 * The signed-in user. A reload keeps who is signed in (storage) and gets a new access token from
 * the refresh cookie; a session that ended elsewhere signs the user out here.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(() => {
    const stored = readStoredUser();
    storeUser(stored); // drops a token an older version of the app left in storage
    return stored;
  });

  const forget = useCallback(() => {
    dropAccessToken();
    storeUser(null);
    setUser(null);
  }, []);

  useEffect(
    () =>
      onAccessTokenChange((renewed) => {
        if (!renewed) return forget();
        followLanguage(renewed);
        storeUser(renewed);
        setUser(renewed);
      }),
    [forget],
  );

  const signedIn = user !== null;
  const hasToken = !!user?.token;
  useEffect(() => {
    if (signedIn && !hasToken) void refreshAccessToken().catch(() => undefined);
  }, [signedIn, hasToken]);

  const signIn = useCallback((next: AuthUserDto) => {
    followLanguage(next);
    setAccessToken(next.token);
    storeUser(next);
    setUser(next);
  }, []);
  const signOut = useCallback(() => {
    const token = getAccessToken();
    if (token)
      void fetch('/api/auth/sign-out', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        credentials: 'same-origin',
      }).catch(() => undefined);
    forget();
  }, [forget]);
  const setLanguage = useCallback((language: Language) => {
    setUser((current) => {
      if (!current) return current;
      const next = { ...current, language };
      storeUser(next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ user, signIn, signOut, setLanguage }), [user, signIn, signOut, setLanguage]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
