import { TestSystem, type SharedSystemOptions } from './test-system';

/**
 * The whole systems the test files of one Jest worker share, one per set of options, started by
 * the first file that asks and stopped when the worker ends. This module is loaded by the test
 * environment (shared-system-environment.ts), outside any test file's sandbox, so that it outlives
 * the files; a file reaches it through `TestSystem.shared`.
 */
const starting = new Map<string, Promise<TestSystem>>();
const started: TestSystem[] = [];

/** The same options in any order, with the defaults spelled out, give the same key. */
function keyOf(options: SharedSystemOptions): string {
  const env = Object.entries(options.env ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify({
    services: [...(options.services ?? ['identity', 'orders', 'stores-youcan', 'delivery-zr'])].sort(),
    youcanSandbox: !!options.youcanSandbox,
    zrSandbox: !!options.zrSandbox,
    yalidineSandbox: !!options.yalidineSandbox,
    env,
  });
}

export function sharedSystem(options: SharedSystemOptions): Promise<TestSystem> {
  const key = keyOf(options);
  let system = starting.get(key);
  if (!system) {
    system = TestSystem.start(options).then((running) => {
      started.push(running);
      for (const child of running.processes) child.unref();
      return running;
    });
    // A failed start is not kept: the next file tries again and reports its own failure.
    system.catch(() => starting.delete(key));
    starting.set(key, system);
  }
  return system;
}

/** Stops every shared system: processes, then their database and Redis database. */
export async function stopSharedSystems(): Promise<void> {
  starting.clear();
  await Promise.all(started.splice(0).map((system) => system.stop()));
}

// A Jest worker is told to end and then left to exit by itself (the processes, unreferenced, do not
// hold it), or else is sent SIGTERM. Either way nothing asynchronous runs any more: the processes
// get their SIGTERM here, and the run's global teardown drops what they leave (test-run-teardown.ts).
process.once('exit', () => {
  for (const system of started) for (const child of system.processes) void child.stop();
});
process.once('SIGTERM', () => process.exit(143));
