/** The shell's log: one JSON object a line, appended to a file (and echoed, for the journal). */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type LogEntry = { event: string } & Record<string, unknown>;

export type JsonLinesLog = { write(entry: LogEntry): void };

/** `{"time":"…","event":"…",…}`: the time first, so `sort` and `grep` on the file read well. */
export function formatLogLine(entry: LogEntry, time: Date): string {
  return JSON.stringify({ time: time.toISOString(), ...entry });
}

/**
 * Appends each entry to `file` as it comes (opened per line, so logrotate may move the file at any time).
 * A log that cannot be written never stops the shell: the failure goes to `warn` once.
 */
export function jsonLinesLog(file: string, options: { echo?: (line: string) => void; warn?: (message: string) => void; now?: () => Date } = {}): JsonLinesLog {
  const now = options.now ?? (() => new Date());
  let warned = false;
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch {
    // Reported on the first write below.
  }
  return {
    write(entry) {
      const line = formatLogLine(entry, now());
      options.echo?.(line);
      try {
        appendFileSync(file, `${line}\n`);
        warned = false;
      } catch (error) {
        if (!warned) options.warn?.(`Cannot write the log file ${file}: ${error instanceof Error ? error.message : String(error)}`);
        warned = true;
      }
    },
  };
}
