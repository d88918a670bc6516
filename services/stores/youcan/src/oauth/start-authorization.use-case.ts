import { requireOwner } from '@tawsil/nest-common';
import { Injectable } from '@nestjs/common';
import type { Actor } from '@tawsil/contracts/rpc';
import type { AuthUrlDto, InitStoreQuery } from '@tawsil/contracts/stores-youcan';
import { YoucanClient } from '../youcan/youcan.client';
import { OAuthState } from './oauth-state';

@Injectable()
export class StartAuthorizationUseCase {
  constructor(
    private readonly youcan: YoucanClient,
    private readonly states: OAuthState,
  ) {}

  execute(actor: Actor | undefined, input: InitStoreQuery): AuthUrlDto {
    const owner = requireOwner(actor, 'manage stores');
    const state = this.states.sign({ ownerId: owner.userId, storename: input.storename });
    return { authUrl: this.youcan.authorizeUrl(state, input.storename) };
  }
}
