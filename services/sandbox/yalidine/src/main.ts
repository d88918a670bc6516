import 'reflect-metadata';
import { loadConfigOrExit } from '@tawsil/config';
import { pino } from 'pino';
import { buildYalidineSandbox, randomCredentials } from './app';
import { SandboxYalidineConfig } from './config';

async function main() {
  const config = loadConfigOrExit(SandboxYalidineConfig);
  const random = randomCredentials();
  const app = buildYalidineSandbox({
    apiId: config.SANDBOX_YALIDINE_API_ID ?? random.apiId,
    apiToken: config.SANDBOX_YALIDINE_API_TOKEN ?? random.apiToken,
  });
  await app.listen({ port: config.SANDBOX_YALIDINE_PORT, host: config.SANDBOX_HOST });
  // The services' log format (pino JSON lines), so that npm start shows every process alike.
  pino({ base: { service: 'sandbox-yalidine' } }).info(
    `Yalidine sandbox on http://${config.SANDBOX_HOST}:${config.SANDBOX_YALIDINE_PORT}`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void app.close().then(() => process.exit(0)));
}

void main();
