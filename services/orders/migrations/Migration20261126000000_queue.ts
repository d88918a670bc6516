import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000000_queue extends Migration {
  override async up(): Promise<void> {
    // On the order itself, so that every change to them is an ordinary change of the order.
    this.addSql(`
      alter table orders.orders
        add column attempts integer not null default 0 check (attempts >= 0),
        add column last_attempt_at timestamptz,
        add column callback_at timestamptz,
        add column claimed_by_id uuid,
        add column claimed_by_name text,
        add column claimed_until timestamptz,
        add column assigned_to_id uuid,
        add column assigned_to_name text`);
    // The queue's buckets, each read in its own order from a partial index. New orders are the
    // many: nobody's (shared mode) and an agent's (assigned modes) are one range each.
    this.addSql(`create index orders_queue_callbacks on orders.orders (store_id, callback_at, id)
      where status = 'reporté'`);
    this.addSql(`create index orders_queue_new on orders.orders (store_id, order_date, id)
      where status = 'pending' and assigned_to_id is null`);
    this
      .addSql(`create index orders_queue_new_assigned on orders.orders (assigned_to_id, store_id, order_date, id)
      where status = 'pending' and assigned_to_id is not null`);
    this.addSql(`create index orders_queue_retry on orders.orders (store_id, last_attempt_at, id)
      where status = 'pas de réponse'`);
    // An agent's load: the open orders assigned to them.
    this.addSql(`create index orders_assigned_open on orders.orders (assigned_to_id, store_id)
      where assigned_to_id is not null and status in ('pending', 'pas de réponse', 'reporté')`);
    this.addSql(`
      create table orders.order_attempts (
        id uuid primary key default gen_random_uuid(),
        order_id uuid not null references orders.orders (id) on delete cascade,
        number integer not null check (number > 0),
        user_id uuid not null,
        user_name text not null,
        at timestamptz not null default now()
      )`);
    this.addSql(`create index order_attempts_order on orders.order_attempts (order_id, at)`);
    this.addSql(`
      create table orders.store_settings (
        store_id uuid primary key,
        max_attempts integer not null default 5 check (max_attempts between 1 and 50),
        retry_delay_minutes integer not null default 120 check (retry_delay_minutes between 0 and 10080),
        claim_minutes integer not null default 10 check (claim_minutes between 1 and 240),
        assignment text not null default 'shared' check (assignment in ('shared', 'round-robin', 'least-loaded')),
        agent_cap integer not null default 30 check (agent_cap between 1 and 10000),
        updated_at timestamptz not null default now()
      )`);
    // Agents who said they take calls, per store they work on; round-robin turns by last_assigned_at.
    this.addSql(`
      create table orders.agent_availability (
        user_id uuid not null,
        store_id uuid not null,
        user_name text not null,
        available boolean not null,
        last_assigned_at timestamptz,
        updated_at timestamptz not null default now(),
        primary key (store_id, user_id)
      )`);
    this.addSql(`create index agent_availability_user on orders.agent_availability (user_id)`);
  }
}
