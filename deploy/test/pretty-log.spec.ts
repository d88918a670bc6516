// npm start's log lines (docs/terminal.md): one short line per event on a terminal, JSON otherwise.
import { createLogPrinter, logFormat } from '../local/pretty-log.cjs';

function printed(format: 'pretty' | 'json', name: string, ...lines: string[]): string[] {
  const written: string[] = [];
  const printer = createLogPrinter({ format, out: { write: (text) => written.push(text) } });
  for (const line of lines) printer.print(name, line);
  return written.join('').split('\n').slice(0, -1);
}

const time = new Date(2026, 10, 26, 10, 42, 7).getTime();

describe('npm start log lines', () => {
  it('pretty-prints a request as method, path, status and duration', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      service: 'gateway',
      instance: 'vm-1',
      req: { id: 'r1', method: 'GET', url: '/api/orders' },
      res: { statusCode: 200 },
      responseTime: 12.4,
      requestId: 'r1',
      msg: 'request completed',
    });
    expect(printed('pretty', 'gateway', line)).toEqual(['10:42:07 gateway        GET /api/orders 200 12ms']);
  });

  it('names the level when it is not info, the context, the other fields and the stack', () => {
    const line = JSON.stringify({
      level: 50,
      time,
      service: 'orders',
      context: 'SaisieProcessor',
      msg: 'Saisie failed',
      storeId: 's1',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at saisie' },
    });
    expect(printed('pretty', 'orders', line)).toEqual([
      '10:42:07 orders         ERROR [SaisieProcessor] Saisie failed storeId=s1',
      '    Error: boom',
      '        at saisie',
    ]);
  });

  it("leaves Nest's start-up report out, and shows a line that is not JSON as it is", () => {
    const routes = JSON.stringify({
      level: 30,
      time,
      context: 'RouterExplorer',
      msg: 'Mapped {/api/orders, GET} route',
    });
    expect(printed('pretty', 'orders', routes, 'TypeError: x is not a function')).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d orders {9}TypeError: x is not a function$/),
    ]);
  });

  it('passes JSON lines on as they are and wraps the others in JSON', () => {
    const line = JSON.stringify({ level: 30, time, service: 'sandbox-zr', msg: 'ZR Express sandbox on …' });
    const [kept, wrapped] = printed('json', 'sandbox-zr', line, 'plain text');
    expect(kept).toBe(line);
    expect(JSON.parse(wrapped)).toMatchObject({ level: 30, service: 'sandbox-zr', msg: 'plain text' });
  });

  it('is pretty on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(logFormat({}, { isTTY: true })).toBe('pretty');
    expect(logFormat({}, { isTTY: false })).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json' }, { isTTY: true })).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty' }, { isTTY: false })).toBe('pretty');
  });
});
