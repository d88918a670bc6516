import type { FastifyInstance } from 'fastify';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createTransport, type Transporter } from 'nodemailer';
import type { SMTPServer } from 'smtp-server';
import { buildMailApi } from '../src/app';
import { Inbox, type CaughtMessage } from '../src/inbox';
import { buildSmtpServer } from '../src/smtp';

describe('Mail sandbox: what is sent over SMTP is read back over HTTP', () => {
  let smtp: SMTPServer;
  let api: FastifyInstance;
  let base: string;
  let transport: Transporter;

  beforeAll(async () => {
    const inbox = new Inbox();
    smtp = buildSmtpServer(inbox);
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    api = buildMailApi(inbox);
    await api.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    // The SMTP client identity sends with.
    transport = createTransport(`smtp://127.0.0.1:${smtpPort}`);
  });
  afterAll(async () => {
    transport?.close();
    await api?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const send = (mail: { to: string; subject: string; text: string; html?: string }) =>
    transport.sendMail({ from: 'Tawsil <no-reply@tawsil.test>', ...mail });

  const inboxOf = async (to?: string) => {
    const response = await fetch(`${base}/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`);
    expect(response.status).toBe(200);
    return (await response.json()) as CaughtMessage[];
  };

  it('keeps each message for its recipient, newest first, with the links of its text', async () => {
    await send({
      to: 'amina@example.dz',
      subject: 'Premier',
      text: 'Bonjour, ouvrez http://localhost:3000/reset-password?token=abc123. Merci',
      html: '<p>Bonjour</p>',
    });
    await send({ to: 'Amina@Example.dz', subject: 'Second', text: 'Sans lien' });
    await send({ to: 'karim@example.dz', subject: 'Autre', text: 'Pour Karim' });

    const amina = await inboxOf('amina@example.dz');
    expect(amina.map((message) => message.subject)).toEqual(['Second', 'Premier']);
    expect(amina[1]).toMatchObject({
      from: 'no-reply@tawsil.test',
      to: ['amina@example.dz'],
      html: '<p>Bonjour</p>',
      links: ['http://localhost:3000/reset-password?token=abc123'],
    });
    expect(Date.parse(amina[1].receivedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(amina[0].links).toEqual([]);
    expect((await inboxOf()).length).toBe(3);
  });

  it('empties the inbox on DELETE /messages', async () => {
    await send({ to: 'nadia@example.dz', subject: 'Bientôt effacé', text: '…' });
    expect((await fetch(`${base}/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(await inboxOf()).toEqual([]);
  });
});
