import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import {
  InvitedUserDto,
  IdentityPatterns,
  InvitationAccepted,
  InvitationPreview,
  InvitationTokenDto,
  RegisterFromInvitationDto,
} from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { Public, RpcCaller } from '@tawsil/nest-common/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentActor } from '../auth/current-actor.decorator';
import { setRefreshCookie } from '../sessions/refresh-cookie';
import { newRefreshSecret, toAuthUser } from '../sessions/sign-in';

/**
 * The invitation link's page: the token travels in the body (never in a URL the logs keep), and
 * is sealed for identity on the bus.
 */
@ApiTags('invitations')
@Controller('api/invitations')
export class InvitationsController {
  constructor(private readonly rpc: RpcCaller) {}

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('open')
  @HttpCode(200)
  @ApiOperation({ summary: 'What an invitation link offers: the store, who invited, the address' })
  @ApiOkResponse({ type: InvitationPreview })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  open(@Body() body: InvitationTokenDto): Promise<InvitationPreview> {
    return this.rpc.call(IdentityPatterns.openInvitation, { token: body.token });
  }

  @ApiBearerAuth()
  @Post('accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'A signed-in confirmateur of the invited address joins the store' })
  @ApiOkResponse({ type: InvitationAccepted })
  accept(@Body() body: InvitationTokenDto, @CurrentActor() actor: Actor): Promise<InvitationAccepted> {
    return this.rpc.call(IdentityPatterns.acceptInvitation, { token: body.token }, actor);
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('register')
  @HttpCode(201)
  @ApiOperation({ summary: 'Register a confirmateur account from the link (its address) and join the store' })
  @ApiCreatedResponse({
    type: InvitedUserDto,
    description:
      'The new confirmateur, signed in (and the tawsil_refresh cookie), with the storeId it joined',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  async register(
    @Body() body: RegisterFromInvitationDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<InvitedUserDto> {
    const refreshToken = newRefreshSecret();
    const userAgent = request.headers['user-agent'];
    const signedIn = await this.rpc.call(IdentityPatterns.registerFromInvitation, {
      ...body,
      refreshToken,
      userAgent,
    });
    setRefreshCookie(request, reply, signedIn.sessionId, refreshToken);
    return { ...toAuthUser(signedIn), storeId: signedIn.storeId };
  }
}
