import { QUEUE_JOBS } from './job-maps';
import { QueueName } from './jobs';

describe('job maps', () => {
  it('give every queue exactly one job map', () => {
    const mapped = QUEUE_JOBS.map((jobs) => jobs.queue).sort();
    expect(mapped).toEqual(Object.values(QueueName).sort());
  });

  it('keep the job names on the wire (jobs already waiting in Redis carry them)', () => {
    expect(Object.fromEntries(QUEUE_JOBS.map((jobs) => [jobs.queue, jobs.names]))).toEqual({
      'youcan-order-events': ['order'],
      'youcan-import': ['import'],
      'orders-sync': ['upsert', 'store-removed'],
      'identity-store-events': ['store-removed'],
      'zr-saisie': ['saisie'],
      'zr-tracking': ['track'],
      'orders-parcel-events': ['parcels-sent', 'parcel-states'],
      'orders-access': ['stores', 'agent-stores'],
      'zr-store-events': ['stores'],
      'orders-repair': ['removed-store-orders'],
      'identity-repair': ['removed-store-memberships', 'agent-stores'],
      'youcan-repair': [
        'recent-youcan-orders',
        'youcan-webhook-subscriptions',
        'youcan-webhook-deliveries',
        'store-owners',
      ],
      'zr-repair': [
        'unannounced-parcels',
        'abandoned-saisies',
        'zr-webhook-endpoints',
        'zr-webhook-deliveries',
      ],
    });
  });
});
