import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends e-mail over SMTP (SMTP_URL): the mail sandbox locally and in tests, the operator's relay
 * in production. A failure is thrown to the caller, which decides whether the user may know.
 */
@Injectable()
export class MailSender implements OnModuleDestroy {
  private readonly logger = new Logger(MailSender.name);
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Pooled: a burst of mails reuses a few connections instead of one handshake each.
    const url = new URL(smtpUrl);
    url.searchParams.set('pool', 'true');
    this.transport = createTransport(url.toString());
  }

  async send(mail: OutgoingMail): Promise<void> {
    const sent = (await this.transport.sendMail({ from: this.from, ...mail })) as { messageId?: string };
    // The address and subject are enough to trace a mail; its body may carry a secret link.
    this.logger.log({ messageId: sent.messageId, subject: mail.subject }, 'Mail sent');
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
