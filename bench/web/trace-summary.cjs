// Where a Chrome performance trace spent the page's main thread: its longest tasks, and within
// tasks over a threshold, the events (script, style, layout, paint, garbage collection…) and the
// JavaScript functions (sampled by V8's profiler) that took the most time of their own.
//   node bench/web/trace-summary.cjs <trace.json> [long-task-ms]
const { readFileSync } = require('node:fs');

const MAIN_THREAD = 'CrRendererMain';
const TOP = 12;

/** A summary of the trace (Chrome's JSON trace format), for tasks of at least `longMs`. */
function summarize(trace, longMs = 50) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === MAIN_THREAD)
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = events.filter((event) => mainThreads.has(`${event.pid}:${event.tid}`));
  const tasks = onMain
    .filter((event) => event.ph === 'X' && event.name === 'RunTask' && event.dur >= longMs * 1000)
    .sort((a, b) => a.ts - b.ts);
  const inside = (ts) => tasks.some((task) => ts >= task.ts && ts < task.ts + task.dur);
  return {
    longTasks: tasks.map((task) => ({ atMs: task.ts / 1000, ms: task.dur / 1000 })),
    events: selfTimes(onMain.filter((event) => event.ph === 'X' && inside(event.ts))),
    functions: sampledFunctions(events, mainThreads, inside),
  };
}

/** Each event name's time of its own (its duration less its children's), over the long tasks. */
function selfTimes(complete) {
  const byThread = new Map();
  for (const event of complete) {
    const key = `${event.pid}:${event.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(event);
  }
  const self = new Map();
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const open = [];
    for (const event of list) {
      while (open.length && open[open.length - 1].ts + open[open.length - 1].dur <= event.ts) open.pop();
      const parent = open[open.length - 1];
      if (parent) self.set(labelOf(parent), (self.get(labelOf(parent)) ?? 0) - event.dur);
      self.set(labelOf(event), (self.get(labelOf(event)) ?? 0) + event.dur);
      open.push(event);
    }
  }
  return top(self);
}

/** An event's name, with what kind of DOM event or which script it ran. */
function labelOf(event) {
  const data = event.args?.data;
  if (event.name === 'EventDispatch' && data?.type) return `EventDispatch ${data.type}`;
  if (event.name === 'TimerFire') return 'TimerFire';
  if ((event.name === 'EvaluateScript' || event.name === 'v8.compile') && data?.url)
    return `${event.name} ${shortUrl(data.url)}`;
  return event.name;
}

/** V8's CPU profile samples (ProfileChunk events) that fell in the long tasks, by function. */
function sampledFunctions(events, mainThreads, inside) {
  const nodes = new Map();
  const startOf = new Map();
  const self = new Map();
  const clock = new Map();
  // The profile's chunks may come from a thread of their own: they are kept by process and profile id.
  const pids = new Set([...mainThreads].map((thread) => Number(thread.split(':')[0])));
  for (const event of events) {
    if (!pids.has(event.pid)) continue;
    const profile = `${event.pid}:${event.id}`;
    if (event.name === 'Profile') startOf.set(profile, event.args.data.startTime);
    if (event.name !== 'ProfileChunk') continue;
    const { cpuProfile, timeDeltas } = event.args.data;
    for (const node of cpuProfile?.nodes ?? []) nodes.set(`${profile}:${node.id}`, node.callFrame);
    let at = clock.get(profile) ?? startOf.get(profile) ?? 0;
    (cpuProfile?.samples ?? []).forEach((sample, index) => {
      const previous = at;
      at += timeDeltas?.[index] ?? 0;
      if (!inside(at)) return;
      const frame = nodes.get(`${profile}:${sample}`);
      if (!frame) return;
      const name = frameName(frame);
      self.set(name, (self.get(name) ?? 0) + Math.max(0, at - previous));
    });
    clock.set(profile, at);
  }
  return top(self);
}

function frameName(frame) {
  const where = frame.url ? ` ${shortUrl(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : '';
  return `${frame.functionName || '(anonymous)'}${where}`;
}

const shortUrl = (url) => url.replace(/^https?:\/\/[^/]+/, '');

function top(map) {
  return [...map.entries()]
    .filter(([, micros]) => micros > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, micros]) => ({ name, ms: Math.round(micros / 100) / 10 }));
}

/** The summary as lines for the console and the README. */
function printSummary(title, summary) {
  const lines = [
    `${title}: ${summary.longTasks.length} tasks over the threshold (${summary.longTasks.map((task) => task.ms.toFixed(0)).join(', ')} ms)`,
  ];
  if (summary.events.length) lines.push('  their time by event (own time):');
  for (const { name, ms } of summary.events) lines.push(`    ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  if (summary.functions.length) lines.push('  their JavaScript by function (sampled, own time):');
  for (const { name, ms } of summary.functions) lines.push(`    ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  console.log(lines.join('\n'));
}

if (require.main === module) {
  const [file, longMs] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/web/trace-summary.cjs <trace.json> [long-task-ms]');
    process.exit(1);
  }
  printSummary(file, summarize(JSON.parse(readFileSync(file, 'utf8')), Number(longMs ?? 50)));
}

module.exports = { summarize, printSummary };
