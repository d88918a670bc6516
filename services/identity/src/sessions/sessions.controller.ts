import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { SessionPatterns, type ChangePasswordDto } from '@tawsil/contracts/identity';
import type { PublicRpcRequest, RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { ChangePasswordUseCase } from './change-password.use-case';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly changePasswordUseCase: ChangePasswordUseCase,
  ) {}

  @RpcHandler(SessionPatterns.refresh)
  refresh(@Payload() request: PublicRpcRequest<(typeof SessionPatterns.refresh)['__req'] & object>) {
    return this.sessions.refresh(request.data);
  }

  @RpcHandler(SessionPatterns.end)
  async end(@Payload() request: RpcRequest<{ all: boolean }>) {
    const { actor } = request;
    const ended = await this.sessions.end(actor.userId, actor.sessionId, request.data.all === true);
    return { endedSessionIds: ended };
  }

  @RpcHandler(SessionPatterns.list)
  list(@Payload() request: RpcRequest<void>) {
    const { actor } = request;
    return this.sessions.list(actor.userId, actor.sessionId);
  }

  @RpcHandler(SessionPatterns.changePassword)
  changePassword(@Payload() request: RpcRequest<ChangePasswordDto>) {
    return this.changePasswordUseCase.execute(request.actor, request.data);
  }
}
