import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { LiveConnection } from './live-connection';
import { decodeEventId } from './stream-id';

const STORE = '6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b';

function connection() {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const live = new LiveConnection(out as unknown as ServerResponse);
  const events = () =>
    text
      .split('\n\n')
      .filter((block) => block.includes('event: order'))
      .map((block) => ({
        id: decodeEventId(/^id: (.*)$/m.exec(block)![1])!.get(STORE),
        data: /^data: (.*)$/m.exec(block)![1],
      }));
  return { live, events };
}

describe('A live connection', () => {
  it('holds back live events during the replay, then sends each once, in order', async () => {
    const { live, events } = connection();
    live.startAt(STORE, '100-0');
    live.deliver(STORE, '103-0', '"c"'); // arrived while replaying
    live.deliver(STORE, '104-0', '"d"');
    for (const [id, data] of [
      ['101-0', '"a"'],
      ['102-0', '"b"'],
      ['103-0', '"c"'],
    ])
      live.send(STORE, id, data);
    live.goLive();
    live.deliver(STORE, '104-0', '"d"'); // a repeat
    live.deliver(STORE, '105-0', '"e"');
    await new Promise((resolve) => setImmediate(resolve));
    expect(events()).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((data, index) => ({ id: `${101 + index}-0`, data: `"${data}"` })),
    );
  });

  it('sends nothing of a store it does not follow', async () => {
    const { live, events } = connection();
    live.goLive();
    live.deliver(STORE, '1-0', '"x"');
    await new Promise((resolve) => setImmediate(resolve));
    expect(events()).toEqual([]);
  });
});
