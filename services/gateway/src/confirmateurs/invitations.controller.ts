import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import {
  AuthUserDto,
  IdentityPatterns,
  InvitationAccepted,
  InvitationPreview,
  InvitationTokenDto,
  RegisterFromInvitationDto,
} from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { Public, RpcCaller } from '@tawsil/nest-common';
import { CurrentActor } from '../auth/current-actor.decorator';

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
  @ApiOkResponse({ type: AuthUserDto, description: 'The new confirmateur, signed in' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  register(@Body() body: RegisterFromInvitationDto): Promise<AuthUserDto> {
    return this.rpc.call(IdentityPatterns.registerFromInvitation, body);
  }
}
