/**
 * What the benchmarks share besides the server process (server/testing/serverProcess.ts): Chromium's launch
 * options, stopping the server on Ctrl+C, and plain-text tables.
 */
import { stopServer, type RunningServer } from '../server/testing/serverProcess';

/** Debian's Chromium, quiet: no GPU, no background network, no first-run work. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
};

/**
 * The server runs in its own process group, so Ctrl+C does not reach it: stops it on SIGINT or SIGTERM and exits.
 * Returns the function that removes the handlers again.
 */
export function stopServerOnSignal(server: RunningServer): () => void {
  const stopOnSignal = (signal: NodeJS.Signals) => {
    void stopServer(server).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  return () => {
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}
