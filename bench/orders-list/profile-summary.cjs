// Where each profiled process spent its CPU: the functions and the packages with the most self
// time, in per cent of its busy time (idle left out). Reads the `.cpuprofile` files that
// `--cpu-prof` wrote to a directory, and the directory's processes.json ({name: pid}) to name them.
//   node bench/orders-list/profile-summary.cjs <dir> [top]
const { existsSync, readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

/** Self time per node of a profile, in microseconds. */
function selfTimes(profile) {
  const times = new Map();
  profile.samples.forEach((nodeId, i) =>
    times.set(nodeId, (times.get(nodeId) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  return times;
}

/** The package a function belongs to: an npm package, Node's own code, the product's, or V8's. */
function packageOf({ url, functionName }) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const product = url.match(/\/(services\/[^/]+(?:\/(?:youcan|zr))?|libs\/[^/]+)\//);
  return product ? product[1] : url;
}

const shortUrl = (url) =>
  url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(services|libs)\//, '$1/');

function summarize(profile, top) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const functions = new Map();
  const packages = new Map();
  let busy = 0;
  for (const [nodeId, micros] of selfTimes(profile)) {
    const { callFrame } = byNode.get(nodeId);
    if (callFrame.functionName === '(idle)') continue;
    busy += micros;
    const name = `${callFrame.functionName || '(anonymous)'} ${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
    const pkg = packageOf(callFrame);
    packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
  }
  const wall = profile.endTime - profile.startTime;
  const ranked = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, share: micros / busy }));
  return {
    busySeconds: busy / 1e6,
    busyShare: busy / wall,
    functions: ranked(functions),
    packages: ranked(packages),
  };
}

function summarizeDirectory(dir, top = 15) {
  const names = existsSync(join(dir, 'processes.json'))
    ? Object.fromEntries(
        Object.entries(JSON.parse(readFileSync(join(dir, 'processes.json'), 'utf8'))).map(([name, pid]) => [
          String(pid),
          name,
        ]),
      )
    : {};
  const summaries = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    // CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile
    const pid = file.split('.')[3];
    const name = names[pid];
    if (!name) continue;
    summaries.push({
      process: name,
      file,
      ...summarize(JSON.parse(readFileSync(join(dir, file), 'utf8')), top),
    });
  }
  return summaries;
}

function print(summaries) {
  const percent = (share) => `${(100 * share).toFixed(1).padStart(5)}%`;
  for (const summary of summaries) {
    console.log(
      `\n${summary.process}: ${summary.busySeconds.toFixed(1)} s busy (${percent(summary.busyShare).trim()} of its profiled time)`,
    );
    console.log('  packages:');
    for (const { name, share } of summary.packages) console.log(`    ${percent(share)}  ${name}`);
    console.log('  functions (self time):');
    for (const { name, share } of summary.functions) console.log(`    ${percent(share)}  ${name}`);
  }
}

if (require.main === module) {
  const [dir, top] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node bench/orders-list/profile-summary.cjs <profile dir> [top]');
    process.exit(2);
  }
  print(summarizeDirectory(dir, Number(top ?? 15)));
}

module.exports = { summarizeDirectory, print };
