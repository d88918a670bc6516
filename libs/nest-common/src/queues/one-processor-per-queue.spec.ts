import { checkOneProcessorPerQueue } from './one-processor-per-queue';

describe('checkOneProcessorPerQueue', () => {
  it('lets each queue have its one processor', () => {
    expect(() =>
      checkOneProcessorPerQueue([
        { processor: 'SaisieProcessor', queue: 'zr-saisie' },
        { processor: 'TrackingProcessor', queue: 'zr-tracking' },
      ]),
    ).not.toThrow();
  });

  it('fails start-up naming a queue two processors would share', () => {
    expect(() =>
      checkOneProcessorPerQueue([
        { processor: 'SaisieProcessor', queue: 'zr-saisie' },
        { processor: 'FastSaisieProcessor', queue: 'zr-saisie' },
      ]),
    ).toThrow(
      'zr-saisie: its jobs would go to SaisieProcessor or FastSaisieProcessor, not to exactly one handler',
    );
  });

  it('fails start-up naming a processor that bypasses the job maps', () => {
    expect(() => checkOneProcessorPerQueue([{ processor: 'RawProcessor' }])).toThrow(
      'RawProcessor is not a JobProcessor: its jobs have no job map',
    );
  });
});
