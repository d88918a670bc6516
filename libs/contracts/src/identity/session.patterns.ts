import { rpcPattern } from '../rpc';
import type { AuthUserDto } from './auth.dto';
import type { ChangePasswordDto, ForgotPasswordDto, ResetPasswordDto, SessionView } from './session.dto';

/**
 * What the gateway adds to a sign-in: the refresh secret it made (sealed on the bus; identity keeps
 * its hash only) and the browser's User-Agent.
 */
export interface NewSession {
  refreshToken: string;
  userAgent?: string;
}

/** A sign-in's answer: the user and access token, and the session the refresh cookie names. */
export interface SignedIn extends AuthUserDto {
  sessionId: string;
}

/** The sessions a call ended: the gateway refuses their tokens at once, before the stream says so. */
export interface EndedSessions {
  endedSessionIds: string[];
}

export const SessionPatterns = {
  /** Swaps the refresh secret for the next one; a secret used twice ends the session. */
  refresh: rpcPattern<
    { sessionId: string; refreshToken: string; nextRefreshToken: string; userAgent?: string },
    SignedIn
  >('identity', 'identity.session.refresh.v1', { public: true }),
  /** Ends the caller's session (`all`: every session of the caller). */
  end: rpcPattern<{ all: boolean }, EndedSessions>('identity', 'identity.session.end.v1'),
  list: rpcPattern<void, SessionView[]>('identity', 'identity.session.list.v1'),
  /** Changes the caller's password and ends every other session of theirs. */
  changePassword: rpcPattern<ChangePasswordDto, EndedSessions>('identity', 'identity.password.change.v1'),
  /** Mails a reset link when the address has an account; answers the same either way. */
  forgotPassword: rpcPattern<ForgotPasswordDto, { accepted: true }>(
    'identity',
    'identity.password.forgot.v1',
    { public: true },
  ),
  /** Sets the password from a mailed link (single use) and ends every session. */
  resetPassword: rpcPattern<ResetPasswordDto, EndedSessions>('identity', 'identity.password.reset.v1', {
    public: true,
  }),
};
