import 'reflect-metadata';
import { Transform } from 'class-transformer';

const DESCRIPTIONS = Symbol('env-var-descriptions');

export interface EnvVarDescription {
  name: string;
  description: string;
  required: boolean;
  secret: boolean;
}

interface EnvVarOptions {
  description: string;
  /** Required variables have no default: the service refuses to start without them. */
  required?: boolean;
  /** Secret values never appear in errors or logs. */
  secret?: boolean;
}

/** Documents one environment variable of a config class; `describeConfig` lists them. */
export function EnvVar(options: EnvVarOptions): PropertyDecorator {
  return (target, property) => {
    const list: EnvVarDescription[] = Reflect.getMetadata(DESCRIPTIONS, target) ?? [];
    Reflect.defineMetadata(
      DESCRIPTIONS,
      [
        ...list,
        {
          name: String(property),
          description: options.description,
          required: options.required ?? false,
          secret: options.secret ?? false,
        },
      ],
      target,
    );
  };
}

export function describeConfig(configClass: new () => object): EnvVarDescription[] {
  return Reflect.getMetadata(DESCRIPTIONS, configClass.prototype) ?? [];
}

/** Reads "true" and "false" as booleans (implicit conversion would read "false" as true). */
export function BooleanVar(): PropertyDecorator {
  return Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const raw = obj[key];
    if (raw === 'true' || raw === true) return true;
    if (raw === 'false' || raw === false) return false;
    return raw;
  });
}

/** Reads a PEM given on one line with literal "\n" sequences, as .env files and secrets often hold it. */
export function PemVar(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\\n/g, '\n') : value,
  );
}
