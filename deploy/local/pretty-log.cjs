// The log lines of npm start's processes, in one format: the services' JSON lines (pino) made
// short and readable for a terminal, or passed on as JSON (LOG_FORMAT=json, or output not a
// terminal). A line that is not JSON (a crash's stack trace) is shown as it is, or wrapped in JSON.
const { createInterface } = require('node:readline');

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const LEVEL_NUMBERS = Object.fromEntries(
  Object.entries(LEVELS).map(([number, name]) => [name, Number(number)]),
);
const LEVEL_COLORS = { trace: 90, debug: 90, info: 32, warn: 33, error: 31, fatal: 35 };
const NAME_COLORS = [36, 35, 32, 33, 34, 96, 95, 92];
// Nest's start-up report, one line per module, route and handler (about 200 lines): in the JSON.
const START_UP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
  'NestMicroservice',
]);
// Shown in the line's head, or not worth a terminal line.
const HEAD_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'service', 'instance', 'msg', 'context']);
const HTTP_FIELDS = new Set(['req', 'res', 'responseTime', 'requestId']);

/** 'pretty' on a terminal, 'json' otherwise; LOG_FORMAT=json or pretty decides. */
function logFormat(env, stream = process.stdout) {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return stream.isTTY ? 'pretty' : 'json';
}

const paint = (enabled) => (code, text) => (enabled ? `\u001b[${code}m${text}\u001b[0m` : text);

function levelName(level) {
  if (typeof level === 'number') return LEVELS[Math.round(level / 10) * 10] ?? 'info';
  return LEVEL_NUMBERS[level] ? level : 'info';
}

const clock = (time) => new Date(typeof time === 'number' ? time : Date.now()).toTimeString().slice(0, 8);

/** `GET /api/orders 200 12ms` for pino-http's request lines. */
function httpSummary(entry) {
  if (!entry.req || typeof entry.req !== 'object') return null;
  const status = entry.res?.statusCode ?? '';
  const time = typeof entry.responseTime === 'number' ? ` ${Math.round(entry.responseTime)}ms` : '';
  return `${entry.req.method} ${entry.req.url} ${status}${time}`.trim();
}

const compact = (value) => (typeof value === 'string' ? value : JSON.stringify(value));

function extraFields(entry) {
  const skip = (key) => HEAD_FIELDS.has(key) || HTTP_FIELDS.has(key) || key === 'err';
  return Object.entries(entry)
    .filter(([key, value]) => !skip(key) && value !== undefined)
    .map(([key, value]) => `${key}=${compact(value)}`)
    .join(' ');
}

function errorLines(entry) {
  const error = entry.err;
  if (!error || typeof error !== 'object') return [];
  const stack = typeof error.stack === 'string' ? error.stack : `${error.type ?? 'Error'}: ${error.message}`;
  return stack.split('\n').map((line) => `    ${line}`);
}

/**
 * A printer of the lines of named processes: `print(name, line)` writes the line to `out` in the
 * chosen format, unless it is not worth showing. `names` fixes each process's colour.
 */
function createLogPrinter({ format, colors = false, out = process.stdout, nameWidth = 14, names = [] }) {
  const color = paint(colors);
  const nameColors = new Map(names.map((name, index) => [name, NAME_COLORS[index % NAME_COLORS.length]]));
  const colorOf = (name) => {
    if (!nameColors.has(name)) nameColors.set(name, NAME_COLORS[nameColors.size % NAME_COLORS.length]);
    return nameColors.get(name);
  };

  function pretty(name, line) {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      entry = null;
    }
    const head = `${color(90, clock(entry?.time))} ${color(colorOf(name), name.padEnd(nameWidth))}`;
    if (!entry || typeof entry !== 'object') return `${head} ${line}`;
    const level = levelName(entry.level);
    if (LEVEL_NUMBERS[level] < 40 && START_UP_CONTEXTS.has(entry.context)) return null;
    const http = httpSummary(entry);
    const extra = extraFields(entry);
    const parts = [
      level === 'info' ? '' : color(LEVEL_COLORS[level], level.toUpperCase()),
      entry.context ? color(90, `[${entry.context}]`) : '',
      http ?? '',
      http && entry.msg === 'request completed' ? '' : (entry.msg ?? ''),
      extra ? color(90, extra) : '',
    ];
    return [`${head} ${parts.filter(Boolean).join(' ')}`, ...errorLines(entry)].join('\n');
  }

  function json(name, line) {
    try {
      if (typeof JSON.parse(line) === 'object') return line;
    } catch {
      // not JSON: wrapped below
    }
    return JSON.stringify({ level: 30, time: Date.now(), service: name, msg: line });
  }

  return {
    print(name, line) {
      if (!line.trim()) return;
      const shown = format === 'pretty' ? pretty(name, line) : json(name, line);
      if (shown !== null) out.write(`${shown}\n`);
    },
  };
}

/** Calls onLine with each line the stream writes. */
function eachLine(stream, onLine) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
}

module.exports = { createLogPrinter, eachLine, logFormat };
