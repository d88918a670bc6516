import 'reflect-metadata';
import { loadConfigOrExit } from '@tawsil/config';
import { pino } from 'pino';
import { randomBytes } from 'node:crypto';
import { buildZrSandbox } from './app';
import { SandboxZrConfig } from './config';

async function main() {
  const config = loadConfigOrExit(SandboxZrConfig);
  const app = buildZrSandbox({
    token: config.SANDBOX_ZR_TOKEN ?? randomBytes(32).toString('hex'),
    key: config.SANDBOX_ZR_KEY ?? randomBytes(16).toString('hex'),
  });
  await app.listen({ port: config.SANDBOX_ZR_PORT, host: config.SANDBOX_HOST });
  // The services' log format (pino JSON lines), so that npm start shows every process alike.
  pino({ base: { service: 'sandbox-zr' } }).info(
    `ZR Express sandbox on http://${config.SANDBOX_HOST}:${config.SANDBOX_ZR_PORT}`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void app.close().then(() => process.exit(0)));
}

void main();
