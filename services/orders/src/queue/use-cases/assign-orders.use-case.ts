import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AssignmentMode } from '@tawsil/contracts/orders';
import { AssignmentRepository, type Assignment, type AvailableAgent } from '../assignment.repository';
import { StoreSettingsRepository } from '../store-settings.repository';

/**
 * In the assigned modes, hands the stores' new orders nobody holds to the available agents, up
 * to each one's cap: in turn (round-robin) or to whoever holds the fewest (least-loaded). Runs
 * after an import, when an agent becomes available or asks for work, and when the mode changes.
 */
@Injectable()
export class AssignOrdersUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: StoreSettingsRepository,
    private readonly assignments: AssignmentRepository,
  ) {}

  async execute(storeIds: string[]): Promise<void> {
    for (const storeId of storeIds) await this.em.fork().transactional((em) => this.assignStore(em, storeId));
  }

  private async assignStore(em: EntityManager, storeId: string): Promise<void> {
    const [settings] = await this.settings.of([storeId], em);
    if (settings.assignment === 'shared') return;
    await this.assignments.lockStore(em, storeId);
    const agents = await this.assignments.availableAgents(em, storeId);
    const room = agents.reduce((sum, agent) => sum + Math.max(0, settings.agentCap - agent.load), 0);
    if (room === 0) return;
    const orderIds = await this.assignments.unassigned(em, storeId, room);
    await this.assignments.assign(
      em,
      storeId,
      distribute(orderIds, agents, settings.agentCap, settings.assignment),
    );
  }
}

/** Who gets each order, oldest first; agents come ordered by their last turn, oldest first. */
export function distribute(
  orderIds: string[],
  agents: AvailableAgent[],
  cap: number,
  mode: Exclude<AssignmentMode, 'shared'>,
): Assignment[] {
  const loads = agents.map((agent) => ({ ...agent }));
  const assignments: Assignment[] = [];
  let turn = 0;
  for (const id of orderIds) {
    const open = loads.filter((agent) => agent.load < cap);
    if (open.length === 0) break;
    let agent: (typeof loads)[number];
    if (mode === 'least-loaded') {
      agent = open.reduce((least, candidate) => (candidate.load < least.load ? candidate : least));
    } else {
      // The next agent in turn who still has room.
      while (loads[turn % loads.length].load >= cap) turn++;
      agent = loads[turn % loads.length];
      turn++;
    }
    agent.load++;
    assignments.push({ id, userId: agent.userId, name: agent.name });
  }
  return assignments;
}
