import { Module, type DynamicModule } from '@nestjs/common';
import { GatewayConfig } from '../config/gateway.config';
import { RevokedSessions } from './revoked-sessions';

/** The ended sessions this gateway refuses: read by the JWT strategy and the live events. */
@Module({})
export class GatewaySessionsModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewaySessionsModule,
      global: true,
      providers: [{ provide: GatewayConfig, useValue: config }, RevokedSessions],
      exports: [RevokedSessions],
    };
  }
}
