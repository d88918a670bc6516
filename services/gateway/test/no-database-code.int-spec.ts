import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const APP_MODULE = join(__dirname, '../dist/app.module.js');

/** The modules a fresh Node process loads to make the built gateway's AppModule. */
function modulesLoadedByGateway(): string[] {
  if (!existsSync(APP_MODULE))
    throw new Error(`${APP_MODULE} is missing: build the gateway first (npm run build)`);
  const script = `require('reflect-metadata'); require(${JSON.stringify(APP_MODULE)}); console.log(JSON.stringify(Object.keys(require.cache)));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
}

describe('The gateway', () => {
  it('loads no database code: it imports @tawsil/nest-common/core, not the database helpers', () => {
    const loaded = modulesLoadedByGateway();
    expect(loaded.some((path) => path.includes('/node_modules/@nestjs/core/'))).toBe(true);
    expect(loaded.filter((path) => /\/node_modules\/(@mikro-orm|pg|kysely)\//.test(path))).toEqual([]);
  });
});
