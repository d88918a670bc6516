import { Migration } from '@mikro-orm/migrations';

/**
 * Who reaches which store, kept here from stores/youcan's and identity's events so that a request
 * needs no question to them (docs/store-access.md). Owners come from orders.store_owners, removed
 * stores from orders.removed_stores; the agents' stores are new. agent_versions keeps the version
 * of the newest list applied per agent, so an older list arriving late cannot bring back a store
 * the agent was taken off.
 */
export class Migration20261127300000_store_access extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table orders.store_agents (
        agent_id uuid not null,
        store_id uuid not null,
        primary key (agent_id, store_id)
      )`);
    this.addSql('create index store_agents_store on orders.store_agents (store_id)');
    this.addSql(`
      create table orders.agent_versions (
        agent_id uuid primary key,
        version bigint not null
      )`);
  }
}
