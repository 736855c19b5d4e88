import type { ScenarioResult } from './measure.js';

/** Terminal columns a string takes: CJK characters are two wide. */
const displayWidth = (text: string) =>
  [...text].reduce((width, char) => width + (/[\u3000-\u9fff\uff00-\uffef]/.test(char) ? 2 : 1), 0);
const pad = (text: string, width: number, left: boolean) => {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return left ? text + fill : fill + text;
};

export function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(displayWidth(title), ...lines.map((line) => displayWidth(line[column] ?? ''))),
  );
  const format = (cells: string[]) => cells.map((cell, column) => pad(cell, widths[column] ?? 0, column === 0)).join('  ');
  console.info(format(header));
  console.info(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.info(format(line));
}

/**
 * The scenario table, with each rate as a share of the raw Node `http` ceiling (`ceiling`: that
 * rate, when it was measured).
 */
export function printScenarios(rows: ScenarioResult[], ceiling: number | undefined): void {
  printTable(
    ['scenario', 'conns', 'req/s', 'of raw', 'p50 ms', 'p99 ms', 'requests', 'failures', 'peak RSS MB', 'server CPU'],
    rows.map((row) => [
      row.name,
      String(row.connections),
      row.requestsPerSecond.toFixed(0),
      ceiling === undefined ? '-' : `${((row.requestsPerSecond / ceiling) * 100).toFixed(0)}%`,
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      String(row.requests),
      String(row.failures),
      row.peakRssMb.toFixed(0),
      `${row.cpuPercent.toFixed(0)}%`,
    ]),
  );
}
