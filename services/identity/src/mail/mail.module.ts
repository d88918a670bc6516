import { Global, Module } from '@nestjs/common';
import { IdentityConfig } from '../config/identity.config';
import { MailSender } from './mail-sender';

@Global()
@Module({
  providers: [
    {
      provide: MailSender,
      useFactory: (config: IdentityConfig) => new MailSender(config.SMTP_URL, config.MAIL_FROM),
      inject: [IdentityConfig],
    },
  ],
  exports: [MailSender],
})
export class MailModule {}
