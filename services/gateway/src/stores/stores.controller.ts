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
  Req,
  Res,
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
  type LinkOutcome,
} from '@tawsil/contracts/stores-youcan';
import { hashLinkNonce, newLinkNonce, Public, RpcCaller } from '@tawsil/nest-common/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentActor } from '../auth/current-actor.decorator';
import { clearLinkCookie, LINK_COOKIE, setLinkCookie } from './link-cookie';

const LINK_STORE_SCREEN = '/link-store';

@ApiTags('stores')
@ApiBearerAuth()
@Controller('api/stores/youcan')
export class StoresController {
  constructor(private readonly rpc: RpcCaller) {}

  /**
   * Owner only. Answers YouCan's consent page for the store; the browser goes there next. Sets the
   * cookie that the callback must bring back: the link completes only in this browser.
   */
  @Post('init')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthUrlDto })
  async init(
    @Query() query: InitStoreQuery,
    @CurrentActor() actor: Actor,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthUrlDto> {
    const nonce = newLinkNonce();
    const answer = await this.rpc.call(
      StoresYoucanPatterns.startAuthorization,
      { storename: query.storename, nonceHash: hashLinkNonce(nonce) },
      actor,
    );
    setLinkCookie(request, reply, nonce);
    return answer;
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

  /**
   * YouCan sends the browser here after the consent page. The state names the link attempt, the
   * cookie proves this is the browser that started it; the outcome is a code on /link-store. The
   * cookie is cleared once its own attempt is completed, never by another attempt's callback.
   * Nothing here logs the query: code and state are secrets.
   */
  @Public()
  @Get('callback')
  @Redirect(LINK_STORE_SCREEN, 302)
  @ApiExcludeEndpoint()
  async callback(
    @Query('code') code: unknown,
    @Query('state') state: unknown,
    @Query('error') error: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 2048) : undefined);
    const nonce = text(request.cookies[LINK_COOKIE]);
    let outcome: LinkOutcome;
    try {
      outcome = await this.rpc.call(StoresYoucanPatterns.completeAuthorization, {
        code: text(code),
        state: text(state),
        error: text(error),
        nonce,
      });
    } catch {
      outcome = { error: 'unavailable' };
    }
    // Only the callback of this browser's own attempt ends it: a stranger's callback loaded here
    // must not clear the cookie the owner's consent still needs (docs/security.md).
    if (outcome.cookieUsed) clearLinkCookie(request, reply);
    const query =
      'storeName' in outcome
        ? new URLSearchParams({ linked: outcome.storeName })
        : new URLSearchParams({ error: outcome.error });
    return { url: `${LINK_STORE_SCREEN}?${query}` };
  }
}
