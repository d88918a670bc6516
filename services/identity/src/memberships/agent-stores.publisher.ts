import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ORDERS_ACCESS_JOBS, type AgentStoresJob, type OrdersAccessJobs } from '@tawsil/contracts/queues';
import { InjectJobQueue, JobQueue, REPEAT_SAFE_JOB } from '@tawsil/nest-common';

/** Agents per job: the sweep over every confirmateur stays a few small jobs. */
const CHUNK = 1_000;

/**
 * One statement, so `now()` (when its transaction began) comes before the snapshot it reads:
 * every membership committed before the version is in the lists (docs/store-access.md).
 */
const READ = `
  select (extract(epoch from now()) * 1000000)::bigint::text as version,
    coalesce(jsonb_agg(jsonb_build_object('agentId', a.id, 'storeIds', a.store_ids)), '[]'::jsonb) as agents
  from (
    select u.id,
      coalesce(array_agg(m.store_id::text order by m.created_at) filter (where m.store_id is not null), '{}') as store_ids
    from identity.users u left join identity.memberships m on m.confirmateur_id = u.id
    where u.type = 'confirmateur' and (?::jsonb is null or u.id in (select jsonb_array_elements_text(?::jsonb)::uuid))
    group by u.id
  ) a`;

/** Sends confirmateurs' whole lists of stores to orders, which keeps who reaches which store. */
@Injectable()
export class AgentStoresPublisher {
  constructor(
    private readonly em: EntityManager,
    @InjectJobQueue(ORDERS_ACCESS_JOBS) private readonly orders: JobQueue<OrdersAccessJobs>,
  ) {}

  /** After a membership change has committed: the agent's stores as they are now. */
  changed(agentId: string): Promise<number> {
    return this.publish([agentId]);
  }

  /** Every confirmateur, for the repair sweep. */
  all(): Promise<number> {
    return this.publish(null);
  }

  private async publish(agentIds: string[] | null): Promise<number> {
    const ids = agentIds && JSON.stringify(agentIds);
    const [read] = await this.em.fork().execute<AgentStoresJob[]>(READ, [ids, ids]);
    for (let start = 0; start < read.agents.length; start += CHUNK)
      await this.orders.add(
        'agent-stores',
        { version: read.version, agents: read.agents.slice(start, start + CHUNK) },
        REPEAT_SAFE_JOB,
      );
    return read.agents.length;
  }
}
