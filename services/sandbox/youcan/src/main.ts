import 'reflect-metadata';
import { loadConfigOrExit } from '@tawsil/config';
import { pino } from 'pino';
import { buildSandbox } from './app';
import { SandboxYoucanConfig } from './config';

async function main() {
  const config = loadConfigOrExit(SandboxYoucanConfig);
  const app = buildSandbox({ clientId: config.YOUCAN_CLIENT_ID, clientSecret: config.YOUCAN_CLIENT_SECRET });
  await app.listen({ port: config.SANDBOX_YOUCAN_PORT, host: config.SANDBOX_HOST });
  // The services' log format (pino JSON lines), so that npm start shows every process alike.
  pino({ base: { service: 'sandbox-youcan' } }).info(
    `YouCan sandbox on http://${config.SANDBOX_HOST}:${config.SANDBOX_YOUCAN_PORT}`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void app.close().then(() => process.exit(0)));
}

void main();
