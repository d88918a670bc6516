import type { AuthUserDto } from '@tawsil/contracts/identity';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * Signs in with what login or register answers, then goes back to the page the user was sent
 * away from, or to /dashboard. A refusal shows the server's message, or the fallback.
 */
export function useSignIn<V>(call: (values: V) => Promise<AuthUserDto>, fallbackError: string) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [error, setError] = useState<string>();

  async function submit(values: V) {
    setError(undefined);
    try {
      signIn(await call(values));
      navigate(from ?? '/dashboard', { replace: true });
    } catch (failure) {
      setError((failure instanceof ApiError && failure.serverMessage) || fallbackError);
    }
  }

  return { submit, error };
}
