import { describeConfig } from '@tawsil/config';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeliveryZrConfig } from '../../services/delivery/zr/src/config/delivery-zr.config';
import { GatewayConfig } from '../../services/gateway/src/config/gateway.config';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import { OrdersConfig } from '../../services/orders/src/config/orders.config';
import { StoresYoucanConfig } from '../../services/stores/youcan/src/config/stores-youcan.config';

const read = (path: string) => readFileSync(join(__dirname, '../..', path), 'utf8');
const readme = read('README.md');
const configuration = read('docs/configuration.md');
const configs = [GatewayConfig, IdentityConfig, OrdersConfig, StoresYoucanConfig, DeliveryZrConfig];

describe('README', () => {
  it('shows the two commands', () => {
    expect(readme).toContain('npm start');
    expect(readme).toContain('npm test');
  });

  it('links the configuration page', () => {
    expect(readme).toContain('](docs/configuration.md)');
  });

  it('stays a five-minute read (under 10 KB)', () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(10_000);
  });
});

describe('docs/configuration.md', () => {
  it('documents every environment variable a service reads in its tables', () => {
    const variables = new Set(
      configs.flatMap((config) => describeConfig(config).map((variable) => variable.name)),
    );
    const undocumented = [...variables].filter(
      (name) => !new RegExp(`\\|\\s*\`${name}\`\\s*\\|`).test(configuration),
    );
    expect(undocumented).toEqual([]);
  });
});
