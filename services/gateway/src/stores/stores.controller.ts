import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Redirect,
} from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { OrdersPatterns } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import {
  AuthUrlDto,
  InitStoreQuery,
  StoreDto,
  StoreIdDto,
  StoresYoucanPatterns,
  type AuthorizationOutcome,
} from '@tawsil/contracts/stores-youcan';
import { Public, RpcCaller } from '@tawsil/nest-common';
import { CurrentActor } from '../auth/current-actor.decorator';

const LINK_STORE_SCREEN = '/link-store';

@ApiTags('stores')
@ApiBearerAuth()
@Controller('api/stores/youcan')
export class StoresController {
  constructor(private readonly rpc: RpcCaller) {}

  /** Owner only. Answers YouCan's consent page for the store; the browser goes there next. */
  @Post('init')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthUrlDto })
  init(@Query() query: InitStoreQuery, @CurrentActor() actor: Actor): Promise<AuthUrlDto> {
    return this.rpc.call(StoresYoucanPatterns.startAuthorization, query, actor);
  }

  /** Owner only. The owner's stores, their import progress and how many orders each holds. */
  @Get()
  @ApiOkResponse({ type: [StoreDto] })
  async list(@CurrentActor() actor: Actor): Promise<StoreDto[]> {
    const stores = await this.rpc.call(StoresYoucanPatterns.list, undefined, actor);
    const storeIds = stores.map((store) => store._id);
    const counts = await this.rpc.call(OrdersPatterns.countByStore, { storeIds }, { ...actor, storeIds });
    return stores.map((store) => ({ ...store, ordersCount: counts[store._id] ?? 0 }));
  }

  /** Owner only. Disconnects the store and removes its orders and confirmateur memberships. */
  @Delete(':id')
  @ApiOkResponse({ type: StoreIdDto })
  remove(
    @Param('id', new ParseUUIDPipe()) storeId: string,
    @CurrentActor() actor: Actor,
  ): Promise<StoreIdDto> {
    return this.rpc.call(StoresYoucanPatterns.remove, { storeId }, actor);
  }

  /** YouCan sends the browser here after the consent page; the signed state says whose it is. */
  @Public()
  @Get('callback')
  @Redirect(LINK_STORE_SCREEN, 302)
  @ApiExcludeEndpoint()
  async callback(
    @Query('code') code?: unknown,
    @Query('state') state?: unknown,
    @Query('error') error?: unknown,
  ) {
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 2048) : undefined);
    let outcome: AuthorizationOutcome;
    try {
      outcome = await this.rpc.call(StoresYoucanPatterns.completeAuthorization, {
        code: text(code),
        state: text(state),
        error: text(error),
      });
    } catch {
      outcome = { error: 'The store could not be connected right now; try again in a moment.' };
    }
    const query = outcome.storeName
      ? new URLSearchParams({ linked: outcome.storeName })
      : new URLSearchParams({ error: outcome.error ?? 'The store could not be connected.' });
    return { url: `${LINK_STORE_SCREEN}?${query}` };
  }
}
