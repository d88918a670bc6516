import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** An available agent of a store, with how many open orders they hold there. */
export interface AvailableAgent {
  userId: string;
  name: string;
  lastAssignedAt: Date | null;
  load: number;
}

export interface Assignment {
  id: string;
  userId: string;
  name: string;
}

const OPEN = `('pending', 'pas de réponse', 'reporté')`;

@Injectable()
export class AssignmentRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * One assigner per store at a time; another waits its turn rather than leaving the work to the
   * first, which may have read the store's new orders before this one's order arrived.
   */
  async lockStore(em: EntityManager, storeId: string): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(hashtext('orders.assign:' || ?))`, [storeId]);
  }

  availableAgents(em: EntityManager, storeId: string): Promise<AvailableAgent[]> {
    return em.execute<AvailableAgent[]>(
      `select a.user_id as "userId", a.user_name as name, a.last_assigned_at as "lastAssignedAt",
         (select count(*) from orders.orders o where o.assigned_to_id = a.user_id and o.store_id = a.store_id
            and o.status in ${OPEN})::int as load
       from orders.agent_availability a where a.store_id = ?::uuid and a.available
       order by a.last_assigned_at nulls first, a.user_id`,
      [storeId],
    );
  }

  /** The store's oldest new orders nobody holds, locked; those being edited are left for later. */
  async unassigned(em: EntityManager, storeId: string, limit: number): Promise<string[]> {
    const rows = await em.execute<{ id: string }[]>(
      `select id from orders.orders where store_id = ?::uuid and status = 'pending' and assigned_to_id is null
       order by order_date, id limit ? for update skip locked`,
      [storeId, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Writes the assignments; each agent's turn moves to when they last received one. */
  async assign(em: EntityManager, storeId: string, assignments: Assignment[]): Promise<void> {
    if (assignments.length === 0) return;
    await em.execute(
      `update orders.orders o set assigned_to_id = x.user_id, assigned_to_name = x.name
       from jsonb_to_recordset(?::jsonb) as x(id uuid, user_id uuid, name text) where o.id = x.id`,
      [JSON.stringify(assignments.map(({ id, userId, name }) => ({ id, user_id: userId, name })))],
    );
    const lastTurn = new Map(assignments.map((assignment, turn) => [assignment.userId, turn]));
    await em.execute(
      `update orders.agent_availability a set last_assigned_at = clock_timestamp() + make_interval(secs => x.turn / 1e6)
       from jsonb_to_recordset(?::jsonb) as x(user_id uuid, turn int) where a.store_id = ?::uuid and a.user_id = x.user_id`,
      [JSON.stringify([...lastTurn].map(([userId, turn]) => ({ user_id: userId, turn }))), storeId],
    );
  }

  /** Takes every assignment of the store away (back to a shared queue). */
  async unassignStore(em: EntityManager, storeId: string): Promise<void> {
    await em.execute(
      `update orders.orders set assigned_to_id = null, assigned_to_name = null
       where store_id = ?::uuid and assigned_to_id is not null`,
      [storeId],
    );
  }

  /** Hands back the agent's orders not yet called; answers the stores they came from. */
  async handBack(em: EntityManager, userId: string): Promise<string[]> {
    const rows = await em.execute<{ storeId: string }[]>(
      `update orders.orders set assigned_to_id = null, assigned_to_name = null
       where assigned_to_id = ?::uuid and status = 'pending' and attempts = 0
       returning store_id as "storeId"`,
      [userId],
    );
    return [...new Set(rows.map((row) => row.storeId))];
  }

  /** Available on exactly the stores the agent works on now, or on none. */
  async setAvailable(
    em: EntityManager,
    agent: { userId: string; name: string; storeIds: string[] },
    available: boolean,
  ): Promise<void> {
    await em.execute(
      `delete from orders.agent_availability where user_id = ?::uuid
       and store_id not in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
      [agent.userId, JSON.stringify(agent.storeIds)],
    );
    await em.execute(
      `insert into orders.agent_availability (user_id, store_id, user_name, available)
       select ?::uuid, s::uuid, ?, ? from jsonb_array_elements_text(?::jsonb) as s
       on conflict (store_id, user_id) do update set available = excluded.available,
         user_name = excluded.user_name, updated_at = now()`,
      [agent.userId, agent.name, available, JSON.stringify(agent.storeIds)],
    );
  }

  async isAvailable(userId: string): Promise<boolean> {
    const [row] = await this.em
      .fork()
      .execute<{ available: boolean }[]>(
        `select exists (select 1 from orders.agent_availability where user_id = ?::uuid and available) as available`,
        [userId],
      );
    return row.available;
  }
}
