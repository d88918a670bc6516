import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import type { Observable } from 'rxjs';
import { StoreAccessRepository } from './store-access.repository';

/**
 * Every request with a caller gets the caller's stores from orders' own record, whatever the
 * sender put there: handlers read `actor.storeIds` knowing orders filled it just now.
 */
@Injectable()
export class ReachableStoresInterceptor implements NestInterceptor {
  constructor(private readonly access: StoreAccessRepository) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() === 'rpc') {
      const request = context.switchToRpc().getData<Partial<RpcRequest<unknown>> | undefined>();
      if (request?.actor)
        request.actor = { ...request.actor, storeIds: await this.access.storeIdsOf(request.actor) };
    }
    return next.handle();
  }
}
