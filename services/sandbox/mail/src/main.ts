import 'reflect-metadata';
import { loadConfigOrExit } from '@tawsil/config';
import { once } from 'node:events';
import { buildMailApi } from './app';
import { SandboxMailConfig } from './config';
import { Inbox } from './inbox';
import { buildSmtpServer } from './smtp';

async function main() {
  const config = loadConfigOrExit(SandboxMailConfig);
  const inbox = new Inbox();
  const smtp = buildSmtpServer(inbox);
  smtp.listen(config.SANDBOX_SMTP_PORT, config.SANDBOX_HOST);
  await once(smtp.server, 'listening');
  const api = buildMailApi(inbox);
  await api.listen({ port: config.SANDBOX_MAIL_PORT, host: config.SANDBOX_HOST });
  process.stdout.write(
    `${JSON.stringify({ level: 'info', service: 'sandbox-mail', msg: `Mail sandbox: SMTP on ${config.SANDBOX_HOST}:${config.SANDBOX_SMTP_PORT}, inbox on http://${config.SANDBOX_HOST}:${config.SANDBOX_MAIL_PORT}/messages` })}\n`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      smtp.close(() => undefined);
      void api.close().then(() => process.exit(0));
    });
}

void main();
