// The processes npm start runs, each in a process group of its own (spawned detached): a Ctrl-C in
// the terminal reaches the supervisor alone, which stops them in order. Their output goes, line by
// line, through the log printer (pretty-log.cjs).
const { spawn } = require('node:child_process');
const { setTimeout: sleep } = require('node:timers/promises');
const { eachLine } = require('./pretty-log.cjs');

const isRunning = (child) => child.exitCode === null && child.signalCode === null;

/** A signal to the process's whole group: what it started itself stops with it. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

const started = new Set();
// Should the supervisor end without stopping them, its processes must not outlive it.
process.once('exit', () => {
  for (const entry of started) if (entry.running()) signalGroup(entry.child, 'SIGTERM');
});

/** Starts one process; `exited` settles once it has exited and its output has been printed. */
function startProcess({ name, command, args, env, cwd, printer }) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  eachLine(child.stdout, (line) => printer.print(name, line));
  eachLine(child.stderr, (line) => printer.print(name, line));
  const exited = new Promise((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
  const entry = { name, child, exited, running: () => Boolean(child.pid) && isRunning(child) };
  started.add(entry);
  return entry;
}

/**
 * SIGTERM to each process still running, then waits for all of them; one still running after
 * timeoutMs is killed, and said so (a normal stop never comes to that).
 */
async function stopProcesses(processes, timeoutMs, say) {
  const running = processes.filter((entry) => entry.running());
  for (const entry of running) signalGroup(entry.child, 'SIGTERM');
  const all = Promise.all(running.map((entry) => entry.exited));
  const stopped = await Promise.race([all.then(() => true), sleep(timeoutMs, false, { ref: false })]);
  if (stopped) return;
  for (const entry of running.filter((candidate) => candidate.running())) {
    say(`${entry.name} did not stop within ${timeoutMs} ms: SIGKILL`);
    signalGroup(entry.child, 'SIGKILL');
  }
  await all;
}

module.exports = { startProcess, stopProcesses };
