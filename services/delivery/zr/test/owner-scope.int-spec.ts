import { MikroORM } from '@mikro-orm/postgresql';
import type { Actor } from '@tawsil/contracts/rpc';
import { createMigratedDatabase, type TestDatabase } from '@tawsil/testing';
import { randomUUID } from 'node:crypto';
import { DeliveryAccountsRepository } from '../src/accounts/delivery-accounts.repository';
import { deliveryZrOrmOptions } from '../src/app.module';
import { LabelledParcelsRepository } from '../src/labels/labelled-parcels.repository';
import { ParcelClaimsRepository } from '../src/saisie/parcel-claims.repository';
import { SaisieJobsRepository } from '../src/saisie/saisie-jobs.repository';
import { GetSaisieStatusUseCase } from '../src/saisie/use-cases/get-saisie-status.use-case';

const owner = (userId: string): Actor => ({ userId, name: 'Owner', type: 'owner', storeIds: [] });

/**
 * An owner may put any order id in a saisie; one of another owner's is refused as not found, and
 * nothing of that owner's (their parcel, their delivery account) reaches the report.
 */
describe('What a saisie and its labels answer of another owner', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const a = randomUUID();
  const b = randomUUID();
  const aAccount = randomUUID();
  const aJob = randomUUID();
  const bJob = randomUUID();
  const aOrder = randomUUID();

  beforeAll(async () => {
    database = await createMigratedDatabase();
    orm = await MikroORM.init(deliveryZrOrmOptions({ DATABASE_URL: database.url, DATABASE_POOL_MAX: 2 }));
    const sql = orm.em.getConnection();
    await sql.execute(
      `insert into delivery_zr.accounts (id, owner_id, company, store_name, api_key, api_secret, key_fingerprint)
       values (?, ?, 'zrexpress', 'Boutique de A', 'sealed', 'sealed', 'fp-a')`,
      [aAccount, a],
    );
    for (const [job, ownerId] of [
      [aJob, a],
      [bJob, b],
    ])
      await sql.execute(
        `insert into delivery_zr.saisie_jobs (id, owner_id, owner_name, store_ids, order_ids, selection_hash, state)
         values (?, ?, 'Owner', '{}', ?::uuid[], ?, 'completed')`,
        [job, ownerId, `{${aOrder}}`, `hash-${job}`],
      );
    // A's order was shipped by A's saisie; B then put its id in a saisie of B's, refused.
    await sql.execute(
      `insert into delivery_zr.parcels (order_id, tracking, account_id, owner_id, job_id, state)
       values (?, 'ZR-A-1', ?, ?, ?, 'created')`,
      [aOrder, aAccount, a, aJob],
    );
    const claims = new ParcelClaimsRepository(orm.em);
    await claims.record(aJob, [{ orderId: aOrder, sent: true }]);
    await claims.record(bJob, [
      { orderId: aOrder, sent: false, reason: 'Order not found: it was deleted, or its store was removed' },
    ]);
  });
  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  const status = (actor: Actor, jobId: string) =>
    new GetSaisieStatusUseCase(new SaisieJobsRepository(orm.em), new ParcelClaimsRepository(orm.em)).execute(
      actor,
      { jobId },
    );

  it("names no account of the other owner in the caller's saisie report", async () => {
    const report = await status(owner(b), bJob);
    expect(report.failedOrders.map((failed) => failed.id)).toEqual([aOrder]);
    expect(report.byAccount).toEqual([{ account: null, sent: 0, failed: 1 }]);
    expect(JSON.stringify(report)).not.toContain(aAccount);
    expect(JSON.stringify(report)).not.toContain('Boutique de A');
  });

  it('still names the account in the report of the owner who shipped it', async () => {
    const report = await status(owner(a), aJob);
    expect(report.byAccount).toEqual([
      { account: { _id: aAccount, company: 'zrexpress', storeName: 'Boutique de A' }, sent: 1, failed: 0 },
    ]);
  });

  it("reads no outcome of another owner's saisie even by its id", async () => {
    await expect(new ParcelClaimsRepository(orm.em).outcomes(aJob, b)).resolves.toEqual([]);
    await expect(status(owner(b), aJob)).rejects.toMatchObject({ status: 404 });
  });

  it("finds no label and no account of the other owner's parcels", async () => {
    const parcels = new LabelledParcelsRepository(orm.em);
    await expect(parcels.ofOrders(b, [aOrder])).resolves.toEqual([]);
    await expect(parcels.ofSaisie(b, aJob, 10)).resolves.toEqual([]);
    await expect(parcels.ofSaisie(a, aJob, 10)).resolves.toHaveLength(1);
    const accounts = new DeliveryAccountsRepository(orm.em);
    await expect(accounts.findOwnedByIds([aAccount], b)).resolves.toEqual([]);
    await expect(accounts.findOwnedByIds([aAccount], a)).resolves.toHaveLength(1);
  });
});
