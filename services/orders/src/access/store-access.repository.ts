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
  on conflict (store_id) do nothing
  returning owner_id`;

const REMOVED = `
  insert into orders.removed_stores (store_id)
  select jsonb_array_elements_text(?::jsonb)::uuid
  on conflict do nothing
  returning store_id`;

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
    returning sa.agent_id
  ),
  added as (
    insert into orders.store_agents (agent_id, store_id)
    select i.agent_id, unnest(i.store_ids) from incoming i
    on conflict do nothing
    returning agent_id
  )
  select (select count(*) from gone)::int as removed, (select count(*) from added)::int as added,
    array(select agent_id from gone union select agent_id from added)::text[] as changed`;

export interface AgentsApplied {
  agents: number;
  removed: number;
  added: number;
  changed: string[];
}

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

  /** Answers what this job changed: the owners of stores newly linked, the stores newly removed. */
  async applyStores({ linked, removed }: StoresChangedJob): Promise<{ owners: string[]; stores: string[] }> {
    return this.em.fork().transactional(async (em) => {
      const owners = linked.length
        ? await em.execute<{ owner_id: string }[]>(LINKED, [JSON.stringify(linked)])
        : [];
      const stores = removed.length
        ? await em.execute<{ store_id: string }[]>(REMOVED, [JSON.stringify(removed)])
        : [];
      if (removed.length) await em.execute(REMOVED_AGENTS, [JSON.stringify(removed)], 'run');
      return {
        owners: [...new Set(owners.map((row) => row.owner_id))],
        stores: stores.map((row) => row.store_id),
      };
    });
  }

  /**
   * Applies the lists newer than what each agent has. The versions are taken (and their rows
   * locked) by a first statement, so the second one reads the stores as the last list left them.
   * `changed`: the agents whose stores this changed.
   */
  async applyAgents({ version, agents }: AgentStoresJob): Promise<AgentsApplied> {
    const nothing = { agents: 0, removed: 0, added: 0, changed: [] };
    if (agents.length === 0) return nothing;
    return this.em.fork().transactional(async (em) => {
      const newer = await em.execute<{ agent_id: string }[]>(NEWER_AGENTS, [
        version,
        JSON.stringify(agents.map(({ agentId }) => ({ agentId }))),
      ]);
      const taken = new Set(newer.map((row) => row.agent_id));
      const applied = agents.filter((agent) => taken.has(agent.agentId));
      if (applied.length === 0) return nothing;
      const [changed] = await em.execute<Omit<AgentsApplied, 'agents'>[]>(REPLACE_AGENT_STORES, [
        JSON.stringify(applied),
      ]);
      return { agents: applied.length, ...changed };
    });
  }
}
