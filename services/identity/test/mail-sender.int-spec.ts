import { Logger } from '@nestjs/common';
import { freePort, mailbox, ServiceProcess } from '@tawsil/testing';
import { MailSender } from '../src/mail/mail-sender';

/** Identity's mail sender against the mail sandbox process `npm start` runs. */
describe('Mail sent by identity', () => {
  let sandbox: ServiceProcess;
  let sender: MailSender;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    const [httpPort, smtpPort] = [await freePort(), await freePort()];
    sandbox = new ServiceProcess(
      'sandbox-mail',
      { SANDBOX_MAIL_PORT: String(httpPort), SANDBOX_SMTP_PORT: String(smtpPort) },
      httpPort,
    );
    await sandbox.start();
    sender = new MailSender(`smtp://127.0.0.1:${smtpPort}`, 'Tawsil <no-reply@tawsil.test>');
  });
  afterAll(async () => {
    sender?.onModuleDestroy();
    await sandbox?.stop();
  });

  it('arrives in the recipient’s inbox with its link', async () => {
    await sender.send({
      to: 'amina@example.dz',
      subject: 'Réinitialiser le mot de passe',
      text: 'Ouvrez http://localhost:3000/reset-password?token=abc123 pour choisir un mot de passe.',
    });
    const [mail] = await mailbox(`http://127.0.0.1:${sandbox.httpPort}`, 'amina@example.dz');
    expect(mail).toMatchObject({
      from: 'no-reply@tawsil.test',
      subject: 'Réinitialiser le mot de passe',
      links: ['http://localhost:3000/reset-password?token=abc123'],
    });
  });

  it('refuses to send when no SMTP server answers: the caller learns it', async () => {
    const nowhere = new MailSender('smtp://127.0.0.1:9', 'Tawsil <no-reply@tawsil.test>');
    await expect(nowhere.send({ to: 'x@example.dz', subject: 's', text: 't' })).rejects.toThrow();
    nowhere.onModuleDestroy();
  });
});
