import { Injectable } from '@nestjs/common';
import type { NewSession, SignedIn } from '@tawsil/contracts/identity';
import { ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { TokenSigner } from '../../tokens/token-signer';
import type { UserView } from '../../users/user.mapper';
import { hashSecret } from '../secret-hash';
import { SessionsRepository } from '../sessions.repository';
import { signedIn } from '../signed-in';

/** How long a session lasts without being used… and at most, since each refresh keeps its end. */
export const SESSION_TTL_DAYS = 30;

/**
 * Opens a session for a user who just proved who they are (log-in, registration), with the
 * gateway's refresh secret.
 */
@Injectable()
export class OpenSessionUseCase {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly signer: TokenSigner,
  ) {}

  async execute(user: UserView, session: NewSession): Promise<SignedIn> {
    if (typeof session.refreshToken !== 'string' || session.refreshToken.length < 32)
      throw ServiceError.badRequest('refreshToken is required');
    const id = randomUUID();
    await this.sessions.insert({
      id,
      userId: user._id,
      refreshHash: hashSecret(session.refreshToken),
      userAgent: (session.userAgent ?? '').slice(0, 300),
      expiresAt: new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000),
    });
    return signedIn(this.signer, user, id);
  }
}
