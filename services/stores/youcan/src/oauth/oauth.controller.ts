import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { PublicRpcRequest, RpcRequest } from '@tawsil/contracts/rpc';
import {
  StoresYoucanPatterns,
  type LinkCallback,
  type StartLinkRequest,
} from '@tawsil/contracts/stores-youcan';
import { RpcHandler } from '@tawsil/nest-common';
import { CompleteAuthorizationUseCase } from './use-cases/complete-authorization.use-case';
import { StartAuthorizationUseCase } from './use-cases/start-authorization.use-case';

@Controller()
export class OAuthController {
  constructor(
    private readonly startAuthorization: StartAuthorizationUseCase,
    private readonly completeAuthorization: CompleteAuthorizationUseCase,
  ) {}

  @RpcHandler(StoresYoucanPatterns.startAuthorization)
  start(@Payload() request: RpcRequest<StartLinkRequest>) {
    return this.startAuthorization.execute(request.actor, request.data);
  }

  @RpcHandler(StoresYoucanPatterns.completeAuthorization)
  complete(@Payload() request: PublicRpcRequest<LinkCallback>) {
    return this.completeAuthorization.execute(request.data);
  }
}
