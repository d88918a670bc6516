import { compareStreamIds, decodeEventId, encodeEventId } from './stream-id';

describe('Live event ids', () => {
  const cursors = new Map([
    ['6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b', '1763900000000-3'],
    ['00000000-0000-4000-8000-000000000001', '0-0'],
  ]);

  it('carry every store cursor and come back as they were', () => {
    const id = encodeEventId(cursors);
    expect(id).not.toContain('\n');
    expect(id.length).toBeLessThan(2 * 40);
    expect(decodeEventId(id)).toEqual(cursors);
  });

  it('refuse what this gateway did not write', () => {
    for (const text of ['', 'abc', 'x:1-1', `${'A'.repeat(22)}:1-1:2`, `${'A'.repeat(22)}:now`])
      expect(decodeEventId(text)).toBeNull();
  });

  it('order stream ids by time, then sequence', () => {
    expect(compareStreamIds('1763900000000-3', '1763900000000-12')).toBeLessThan(0);
    expect(compareStreamIds('1763900000001-0', '1763900000000-99')).toBeGreaterThan(0);
    expect(compareStreamIds('5-5', '5-5')).toBe(0);
  });
});
