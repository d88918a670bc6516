import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { describeConfig } from './env-var.decorator';

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/**
 * Builds a config class from the environment: every `@EnvVar` field is read from the variable of
 * the same name (empty counts as unset, so the class default applies), converted and validated.
 * Throws a ConfigError naming every missing or bad variable.
 */
export function loadConfig<T extends object>(configClass: new () => T, env: Env = process.env): T {
  const described = describeConfig(configClass);
  const raw: Record<string, string> = {};
  for (const { name } of described) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const missing = described.filter((v) => v.required && raw[v.name] === undefined).map((v) => v.name);
  if (missing.length > 0) {
    throw new ConfigError(
      `Missing environment variable${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
    );
  }
  const config = plainToInstance(configClass, raw, {
    enableImplicitConversion: true,
    exposeDefaultValues: true,
  });
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0)
    throw new ConfigError(`Invalid environment: ${errors.map(describeError).join('; ')}`);
  return config;
}

function describeError(error: ValidationError): string {
  const reasons = Object.values(error.constraints ?? {}).join(', ');
  return `${error.property} (${reasons})`;
}

/** Loads the config or stops the process with a message naming the problem. */
export function loadConfigOrExit<T extends object>(configClass: new () => T, env: Env = process.env): T {
  try {
    return loadConfig(configClass, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: error.message })}\n`);
    process.exit(1);
  }
}
