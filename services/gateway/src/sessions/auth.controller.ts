import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import {
  AuthUserDto,
  ChangePasswordDto,
  PasswordChanged,
  ForgotPasswordDto,
  ResetPasswordDto,
  SessionPatterns,
  SessionView,
} from '@tawsil/contracts/identity';
import { MessageView } from '@tawsil/contracts/http';
import type { Actor } from '@tawsil/contracts/rpc';
import { Public, RpcCaller, ServiceError } from '@tawsil/nest-common/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentActor } from '../auth/current-actor.decorator';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { RevokedSessions } from './revoked-sessions';
import { newRefreshSecret, toAuthUser } from './sign-in';

export const NO_SESSION = 'Sign in to continue: no session on this browser';
export const RESET_MAIL_ON_ITS_WAY =
  'If an account uses this address, an e-mail with a link to choose a new password is on its way';
/** How long this instance refuses a session it ended itself; identity's stream says it more precisely. */
const LOCAL_REVOCATION_MS = 24 * 3600_000;

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcCaller,
    private readonly revoked: RevokedSessions,
  ) {}

  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A new access token from the tawsil_refresh cookie, which is replaced (each works once)',
  })
  @ApiOkResponse({ type: AuthUserDto })
  @ApiUnauthorizedResponse({ description: 'No session, or it ended (the cookie is cleared)' })
  @ApiConflictResponse({ description: 'Another tab renewed the session at the same moment: retry' })
  async refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthUserDto> {
    const cookie = readRefreshCookie(request);
    if (!cookie) {
      clearRefreshCookie(request, reply);
      throw ServiceError.unauthorized(NO_SESSION);
    }
    const next = newRefreshSecret();
    try {
      const signedIn = await this.rpc.call(SessionPatterns.refresh, {
        sessionId: cookie.sessionId,
        refreshToken: cookie.secret,
        nextRefreshToken: next,
        userAgent: request.headers['user-agent'],
      });
      setRefreshCookie(request, reply, signedIn.sessionId, next);
      return toAuthUser(signedIn);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 401) clearRefreshCookie(request, reply);
      throw error;
    }
  }

  @Post('sign-out')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({ summary: "Ends this browser's session: its tokens are refused at once" })
  @ApiNoContentResponse()
  async signOut(
    @CurrentActor() actor: Actor,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.end(actor, false);
    clearRefreshCookie(request, reply);
  }

  @Post('sign-out-everywhere')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Ends every session of the user, on every device' })
  @ApiNoContentResponse()
  async signOutEverywhere(
    @CurrentActor() actor: Actor,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.end(actor, true);
    clearRefreshCookie(request, reply);
  }

  @Post('password')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Changes the password; every other session ends at once, this one stays' })
  @ApiOkResponse({ type: PasswordChanged })
  async changePassword(
    @CurrentActor() actor: Actor,
    @Body() body: ChangePasswordDto,
  ): Promise<PasswordChanged> {
    const { endedSessionIds } = await this.rpc.call(SessionPatterns.changePassword, body, actor);
    this.revoked.add(endedSessionIds, Date.now() + LOCAL_REVOCATION_MS);
    return { message: 'Password changed', endedSessions: endedSessionIds.length };
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('forgot-password')
  @HttpCode(202)
  @ApiOperation({ summary: 'E-mails a single-use link (30 minutes) to choose a new password' })
  @ApiAcceptedResponse({
    type: MessageView,
    description: 'The same answer whether or not the address has an account',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  async forgotPassword(@Body() body: ForgotPasswordDto) {
    await this.rpc.call(SessionPatterns.forgotPassword, body);
    return { message: RESET_MAIL_ON_ITS_WAY };
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: "Sets a new password with the e-mailed link's token; every session ends" })
  @ApiOkResponse({ type: MessageView })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  async resetPassword(
    @Body() body: ResetPasswordDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { endedSessionIds } = await this.rpc.call(SessionPatterns.resetPassword, body);
    this.revoked.add(endedSessionIds, Date.now() + LOCAL_REVOCATION_MS);
    clearRefreshCookie(request, reply);
    return { message: 'Password changed: sign in with the new one' };
  }

  @Get('sessions')
  @ApiBearerAuth()
  @ApiOperation({ summary: "The user's open sessions (devices), the current one marked" })
  @ApiOkResponse({ type: [SessionView] })
  sessions(@CurrentActor() actor: Actor) {
    return this.rpc.call(SessionPatterns.list, undefined, actor);
  }

  private async end(actor: Actor, all: boolean): Promise<void> {
    const { endedSessionIds } = await this.rpc.call(SessionPatterns.end, { all }, actor);
    this.revoked.add(endedSessionIds, Date.now() + LOCAL_REVOCATION_MS);
  }
}
