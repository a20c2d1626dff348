/**
 * Reads Prometheus's text format, as a scraper would, for assertions on the metrics endpoint: each
 * sample line is `name{label="value",…} number`.
 */
export interface Series {
  labels: Record<string, string>;
  value: number;
}

export interface ParsedMetrics {
  /** Every series of a metric. */
  series(name: string): Series[];
  /** The value of the series with exactly these labels; undefined when there is none. */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): ParsedMetrics {
  const byName = new Map<string, Series[]>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = sampleLine.exec(line);
    if (match === null) throw new Error(`Not a sample line: ${line}`);
    const [, name, labelText = '', value] = match;
    const labels: Record<string, string> = {};
    for (const [, key, raw] of labelText.matchAll(labelPair)) labels[key!] = raw!;
    const list = byName.get(name!) ?? [];
    list.push({ labels, value: Number(value) });
    byName.set(name!, list);
  }
  const sameLabels = (a: Record<string, string>, b: Record<string, string>) =>
    Object.keys(a).length === Object.keys(b).length &&
    Object.entries(b).every(([key, value]) => a[key] === value);
  return {
    series: (name) => byName.get(name) ?? [],
    value: (name, labels = {}) =>
      byName.get(name)?.find((series) => sameLabels(series.labels, labels))?.value,
  };
}
