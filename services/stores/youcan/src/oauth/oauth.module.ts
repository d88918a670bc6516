import { Module } from '@nestjs/common';
import { StoresModule } from '../stores/stores.module';
import { LinkAttempts } from './link-attempts';
import { LinkAttemptsRepository } from './link-attempts.repository';
import { OAuthController } from './oauth.controller';
import { CompleteAuthorizationUseCase } from './use-cases/complete-authorization.use-case';
import { StartAuthorizationUseCase } from './use-cases/start-authorization.use-case';

/** Linking a YouCan store: the consent page, then YouCan's callback. */
@Module({
  imports: [StoresModule],
  controllers: [OAuthController],
  providers: [LinkAttemptsRepository, LinkAttempts, StartAuthorizationUseCase, CompleteAuthorizationUseCase],
})
export class OAuthModule {}
