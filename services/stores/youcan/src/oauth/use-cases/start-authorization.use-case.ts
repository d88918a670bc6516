import { Injectable } from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';
import type { AuthUrlDto, StartLinkRequest } from '@tawsil/contracts/stores-youcan';
import { requireOwner, ServiceError } from '@tawsil/nest-common';
import { YoucanClient } from '../../youcan/youcan.client';
import { LinkAttempts } from '../link-attempts';

@Injectable()
export class StartAuthorizationUseCase {
  constructor(
    private readonly youcan: YoucanClient,
    private readonly attempts: LinkAttempts,
  ) {}

  async execute(actor: Actor, input: StartLinkRequest): Promise<AuthUrlDto> {
    const owner = requireOwner(actor, 'manage stores');
    if (!/^[0-9a-f]{64}$/.test(input.nonceHash ?? ''))
      throw ServiceError.badRequest('nonceHash must be the hex SHA-256 of the browser nonce');
    const { state, codeChallenge } = await this.attempts.start(
      owner.userId,
      input.storename,
      input.nonceHash,
    );
    return { authUrl: this.youcan.authorizeUrl(state, input.storename, codeChallenge) };
  }
}
