import { IsInt, IsString, Max, Min } from 'class-validator';
import { BooleanVar, EnvVar, PemVar } from './env-var.decorator';
import { IsBoolean } from 'class-validator';
import { CommonConfig } from './common.config';
import { ConfigError, loadConfig } from './load-config';
import { describeConfig } from './env-var.decorator';

class SampleConfig extends CommonConfig {
  override METRICS_PORT: number = 9400;

  @EnvVar({ description: 'a port' })
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT: number = 3000;

  @EnvVar({ description: 'a flag' })
  @BooleanVar()
  @IsBoolean()
  FLAG: boolean = false;
}

describe('loadConfig', () => {
  const valid = { REDIS_URL: 'redis://127.0.0.1:6379' };

  it('applies defaults and converts numbers and booleans', () => {
    const config = loadConfig(SampleConfig, { ...valid, PORT: '8080', FLAG: 'false' });
    expect(config.PORT).toBe(8080);
    expect(config.FLAG).toBe(false);
    expect(config.RPC_TIMEOUT_MS).toBe(5000);
    expect(loadConfig(SampleConfig, { ...valid, FLAG: 'true' }).FLAG).toBe(true);
  });

  it('names a missing required variable', () => {
    expect(() => loadConfig(SampleConfig, {})).toThrow(
      new ConfigError('Missing environment variable: REDIS_URL'),
    );
  });

  it('counts an empty value as missing', () => {
    expect(() => loadConfig(SampleConfig, { REDIS_URL: '' })).toThrow('REDIS_URL');
  });

  it('names a bad variable and why', () => {
    expect(() => loadConfig(SampleConfig, { ...valid, PORT: 'eighty' })).toThrow(/Invalid environment: PORT/);
    expect(() => loadConfig(SampleConfig, { ...valid, FLAG: 'maybe' })).toThrow(/FLAG/);
    expect(() => loadConfig(SampleConfig, { REDIS_URL: 'http://nope' })).toThrow(
      /REDIS_URL must be a redis:\/\//,
    );
  });

  it('lists every variable with its description, inherited ones included', () => {
    const names = describeConfig(SampleConfig).map((variable) => variable.name);
    expect(names).toEqual(
      expect.arrayContaining(['REDIS_URL', 'RPC_TIMEOUT_MS', 'LOG_LEVEL', 'PORT', 'FLAG']),
    );
    expect(describeConfig(SampleConfig).find((variable) => variable.name === 'REDIS_URL')?.required).toBe(
      true,
    );
  });
});

describe('PEM variables', () => {
  class PemConfig {
    @EnvVar({ description: 'a key', required: true })
    @PemVar()
    @IsString()
    KEY!: string;
  }

  it('turns literal \\n sequences into line breaks and keeps real ones', () => {
    expect(loadConfig(PemConfig, { KEY: '-----BEGIN KEY-----\\nabc\\n-----END KEY-----' }).KEY).toBe(
      '-----BEGIN KEY-----\nabc\n-----END KEY-----',
    );
    expect(loadConfig(PemConfig, { KEY: 'a\nb' }).KEY).toBe('a\nb');
  });
});
