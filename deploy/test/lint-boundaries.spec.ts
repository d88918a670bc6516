// The lint holds the layout (docs/layout.md): an import across a boundary fails `npm run lint`.
import { ESLint, type Linter } from 'eslint';
import { join } from 'node:path';

const root = join(__dirname, '../..');
// The project's own lint configuration (a path in a variable: the .mjs file has no type declarations).
const configFile = '../../eslint.config.mjs';

async function lint(filePath: string, code: string): Promise<string[]> {
  const { default: config } = (await import(configFile)) as { default: Linter.Config[] };
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('lint boundaries', () => {
  it('fails a service that imports another service', async () => {
    const errors = await lint(
      'services/orders/src/boundary-probe.ts',
      "import { IdentityConfig } from '../../identity/src/config/identity.config';\nexport const probe = IdentityConfig;\n",
    );
    expect(errors).toContainEqual(expect.stringMatching(/never imports another service/));
  });

  it('fails a service that imports another service by its package name', async () => {
    const errors = await lint(
      'services/delivery/zr/src/boundary-probe.ts',
      "export { OrdersConfig } from '@tawsil/orders';\n",
    );
    expect(errors).toContainEqual(expect.stringMatching(/never imports another service/));
  });

  it('lets a service import its own files and the libs', async () => {
    const errors = await lint(
      'services/orders/src/boundary-probe.ts',
      "import { OrdersConfig } from './config/orders.config';\nimport { CommonConfig } from '@tawsil/config';\nexport const probe = [OrdersConfig, CommonConfig];\n",
    );
    expect(errors).toEqual([]);
  });

  it('fails a service’s test that imports another service’s test code, and lets it use the shared fixtures', async () => {
    const across = await lint(
      'services/gateway/test/boundary-probe.int-spec.ts',
      "import { storeWithAgents } from '../../orders/test/queue-world';\nexport const used = storeWithAgents;\n",
    );
    expect(across).toContainEqual(expect.stringMatching(/never imports another service/));
    const shared = await lint(
      'services/gateway/test/boundary-probe.int-spec.ts',
      "import { registerUser } from '@tawsil/testing';\nexport const used = registerUser;\n",
    );
    expect(shared).toEqual([]);
  });

  it('fails a lib that imports a service', async () => {
    const errors = await lint(
      'libs/contracts/src/boundary-probe.ts',
      "import { GatewayConfig } from '../../../services/gateway/src/config/gateway.config';\nexport const probe = GatewayConfig;\n",
    );
    expect(errors).toContainEqual(expect.stringMatching(/libs never import services/));
  });

  it('fails the web app importing server code, and lets it import the contracts', async () => {
    const server = await lint(
      'web/src/lib/boundary-probe.ts',
      "import { runService } from '@tawsil/nest-common';\nexport const probe = runService;\n",
    );
    expect(server).toContainEqual(expect.stringMatching(/never imports server code/));
    const contracts = await lint(
      'web/src/lib/boundary-probe.ts',
      "import { ORDER_STATUSES } from '@tawsil/contracts/orders';\nexport const probe = ORDER_STATUSES;\n",
    );
    expect(contracts).toEqual([]);
  });
});
