import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { AuthUserDto } from '@tawsil/contracts/identity';

export type SessionUser = AuthUserDto;

const STORAGE_KEY = 'tawsil.user';

export function readStoredUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const user = raw ? (JSON.parse(raw) as SessionUser) : null;
    return user && typeof user.token === 'string' && typeof user.name === 'string' ? user : null;
  } catch {
    return null;
  }
}

interface Session {
  user: SessionUser | null;
  signIn(user: SessionUser): void;
  signOut(): void;
}

const SessionContext = createContext<Session | null>(null);

/** The signed-in user, kept in local storage so a reload keeps the session. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(readStoredUser);
  const signIn = useCallback((next: SessionUser) => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setUser(next);
  }, []);
  const signOut = useCallback(() => {
    localStorage.removeItem(STORAGE_KEY);
    setUser(null);
  }, []);
  const value = useMemo(() => ({ user, signIn, signOut }), [user, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
