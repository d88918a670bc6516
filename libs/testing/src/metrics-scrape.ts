export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition, comments left out. */
export function parseMetrics(text: string): MetricSample[] {
  return text.split('\n').flatMap((line) => {
    const sample = SAMPLE.exec(line);
    if (!sample || line.startsWith('#')) return [];
    const labels = Object.fromEntries([...(sample[2] ?? '').matchAll(LABEL)].map(([, k, v]) => [k, v]));
    return [{ name: sample[1], labels, value: Number(sample[3]) }];
  });
}

/** GETs `<baseUrl>/metrics` and parses it; fails on anything but a 200 in Prometheus text format. */
export async function scrapeMetrics(baseUrl: string): Promise<MetricSample[]> {
  const response = await fetch(`${baseUrl}/metrics`);
  const text = await response.text();
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/plain'))
    throw new Error(`${baseUrl}/metrics answered ${response.status}: ${text.slice(0, 200)}`);
  return parseMetrics(text);
}

/** The sum of the samples of that name whose labels include the given ones. */
export function metricValue(
  samples: MetricSample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples
    .filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}
