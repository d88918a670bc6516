import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AgentStoresJob, StoresChangedJob } from '@tawsil/contracts/queues';
import type { Actor } from '@tawsil/contracts/rpc';

const OWNED = `
  select so.store_id from orders.store_owners so
  where so.owner_id = ? and not exists (select 1 from orders.removed_stores r where r.store_id = so.store_id)
  order by so.store_id`;

const WORKED_FOR = `
  select sa.store_id from orders.store_agents sa
  where sa.agent_id = ? and not exists (select 1 from orders.removed_stores r where r.store_id = sa.store_id)
  order by sa.store_id`;

// A store's owner never changes: a link seen again, or late, leaves the row as it is.
const LINKED = `
  insert into orders.store_owners (store_id, owner_id)
  select x."storeId", x."ownerId" from jsonb_to_recordset(?::jsonb) as x("storeId" uuid, "ownerId" uuid)
  on conflict (store_id) do nothing`;

const REMOVED = `
  insert into orders.removed_stores (store_id)
  select jsonb_array_elements_text(?::jsonb)::uuid
  on conflict do nothing`;

const REMOVED_AGENTS = `
  delete from orders.store_agents where store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)`;

/** Takes each agent's version if it is newer than the one applied, and locks its row till commit. */
const NEWER_AGENTS = `
  insert into orders.agent_versions as v (agent_id, version)
  select x."agentId", ?::bigint from jsonb_to_recordset(?::jsonb) as x("agentId" uuid) order by 1
  on conflict (agent_id) do update set version = excluded.version where v.version < excluded.version
  returning v.agent_id`;

// The stores to delete and those to insert never overlap, so one statement does both.
const REPLACE_AGENT_STORES = `
  with incoming as (
    select x."agentId" as agent_id,
      array(select jsonb_array_elements_text(x."storeIds")::uuid) as store_ids
    from jsonb_to_recordset(?::jsonb) as x("agentId" uuid, "storeIds" jsonb)
  ),
  gone as (
    delete from orders.store_agents sa using incoming i
    where sa.agent_id = i.agent_id and sa.store_id <> all(i.store_ids)
    returning 1
  ),
  added as (
    insert into orders.store_agents (agent_id, store_id)
    select i.agent_id, unnest(i.store_ids) from incoming i
    on conflict do nothing
    returning 1
  )
  select (select count(*) from gone)::int as removed, (select count(*) from added)::int as added`;

/** orders' own record of who reaches which store (docs/store-access.md). */
@Injectable()
export class StoreAccessRepository {
  constructor(private readonly em: EntityManager) {}

  /** An owner's stores, an agent's memberships; never a removed store. */
  async storeIdsOf(actor: Pick<Actor, 'userId' | 'type'>): Promise<string[]> {
    const rows = await this.em
      .fork()
      .execute<{ store_id: string }[]>(actor.type === 'owner' ? OWNED : WORKED_FOR, [actor.userId]);
    return rows.map((row) => row.store_id);
  }

  async applyStores({ linked, removed }: StoresChangedJob): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      if (linked.length) await em.execute(LINKED, [JSON.stringify(linked)], 'run');
      if (removed.length) {
        await em.execute(REMOVED, [JSON.stringify(removed)], 'run');
        await em.execute(REMOVED_AGENTS, [JSON.stringify(removed)], 'run');
      }
    });
  }

  /**
   * Applies the lists newer than what each agent has. The versions are taken (and their rows
   * locked) by a first statement, so the second one reads the stores as the last list left them.
   */
  async applyAgents({
    version,
    agents,
  }: AgentStoresJob): Promise<{ agents: number; removed: number; added: number }> {
    if (agents.length === 0) return { agents: 0, removed: 0, added: 0 };
    return this.em.fork().transactional(async (em) => {
      const newer = await em.execute<{ agent_id: string }[]>(NEWER_AGENTS, [
        version,
        JSON.stringify(agents.map(({ agentId }) => ({ agentId }))),
      ]);
      const taken = new Set(newer.map((row) => row.agent_id));
      const applied = agents.filter((agent) => taken.has(agent.agentId));
      if (applied.length === 0) return { agents: 0, removed: 0, added: 0 };
      const [changed] = await em.execute<{ removed: number; added: number }[]>(REPLACE_AGENT_STORES, [
        JSON.stringify(applied),
      ]);
      return { agents: applied.length, ...changed };
    });
  }
}
