import { distribute } from './assign-orders.use-case';

const agents = (...loads: number[]) =>
  loads.map((load, i) => ({ userId: `agent-${i}`, name: `Agent ${i}`, lastAssignedAt: null, load }));
const owners = (assignments: { userId: string }[]) => assignments.map((assignment) => assignment.userId);

describe('Handing new orders to the available agents', () => {
  const orders = ['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7'];

  it('takes turns in round-robin, skipping an agent at the cap, and stops when all are full', () => {
    expect(owners(distribute(orders, agents(0, 2, 0), 3, 'round-robin'))).toEqual([
      'agent-0',
      'agent-1',
      'agent-2',
      'agent-0',
      'agent-2',
      'agent-0',
      'agent-2',
    ]);
    expect(distribute(orders, agents(3, 2), 3, 'round-robin')).toHaveLength(1);
  });

  it('gives each order to the agent holding the fewest, the earlier turn on a tie', () => {
    expect(owners(distribute(orders.slice(0, 5), agents(4, 1, 2), 5, 'least-loaded'))).toEqual([
      'agent-1',
      'agent-1',
      'agent-2',
      'agent-1',
      'agent-2',
    ]);
  });

  it('hands out nothing when nobody is available', () => {
    expect(distribute(orders, [], 30, 'least-loaded')).toEqual([]);
  });
});
