import { Module, type DynamicModule } from '@nestjs/common';
import {
  QueuesModule,
  RpcClientModule,
  ServiceCoreModule,
  serviceOrmOptions,
  type ServiceRole,
} from '@tawsil/nest-common';
import { identityMigrations } from '../migrations';
import { IdentityConfig } from './config/identity.config';
import { MailModule } from './mail/mail.module';
import { InvitationsModule } from './invitations/invitations.module';
import { MembershipsModule } from './memberships/memberships.module';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { SessionsModule } from './sessions/sessions.module';
import { UserSchema } from './users/user.entity';
import { UsersModule } from './users/users.module';

export const identityOrmOptions = (config: Pick<IdentityConfig, 'DATABASE_URL' | 'DATABASE_POOL_MAX'>) =>
  serviceOrmOptions({
    databaseUrl: config.DATABASE_URL,
    schema: 'identity',
    entities: [UserSchema],
    migrations: identityMigrations,
    poolMax: config.DATABASE_POOL_MAX,
  });

@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig, instance: string, role: ServiceRole): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({
          service: 'identity',
          instance,
          logLevel: config.LOG_LEVEL,
          config,
          orm: identityOrmOptions(config),
        }),
        QueuesModule.forRoot(config.REDIS_URL, role),
        // The repair sweep asks stores/youcan which stores were removed.
        RpcClientModule.forRoot({
          redisUrl: config.REDIS_URL,
          timeoutMs: config.RPC_TIMEOUT_MS,
          signer: 'identity',
          signingKey: config.RPC_SIGNING_KEY,
        }),
        MailModule,
        SessionsModule,
        UsersModule,
        PasswordResetModule,
        MembershipsModule,
        InvitationsModule,
      ],
    };
  }
}
