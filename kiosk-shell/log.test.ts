import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatLogLine, jsonLinesLog } from './log';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-log-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const now = () => new Date('2025-03-10T23:30:00.000Z');

describe('JSON-lines log', () => {
  it('writes one object a line, time first', () => {
    expect(formatLogLine({ event: 'exit', pid: 42, code: null, signal: 'SIGKILL' }, now())).toBe(
      '{"time":"2025-03-10T23:30:00.000Z","event":"exit","pid":42,"code":null,"signal":"SIGKILL"}',
    );
  });

  it('appends to the file, creating its directory, and echoes each line', () => {
    const file = join(dir, 'nested', 'kiosk-shell.log');
    const echoed: string[] = [];
    const log = jsonLinesLog(file, { now, echo: (line) => echoed.push(line) });
    log.write({ event: 'start', pid: 1 });
    log.write({ event: 'restart-scheduled', delayMs: 1000 });
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines).toEqual([...echoed, '']);
    expect(lines.slice(0, 2).map((line) => JSON.parse(line) as { event: string })).toMatchObject([{ event: 'start' }, { event: 'restart-scheduled', delayMs: 1000 }]);
  });

  it('starts a new file after logrotate moved the old one away', () => {
    const file = join(dir, 'kiosk-shell.log');
    const log = jsonLinesLog(file, { now });
    log.write({ event: 'start' });
    renameSync(file, `${file}.1`);
    log.write({ event: 'exit' });
    expect(readFileSync(file, 'utf8')).toContain('"event":"exit"');
    expect(readFileSync(`${file}.1`, 'utf8')).not.toContain('"event":"exit"');
  });

  it('keeps going when the file cannot be written, saying so once', () => {
    writeFileSync(join(dir, 'not-a-dir'), '');
    const warnings: string[] = [];
    const echoed: string[] = [];
    const log = jsonLinesLog(join(dir, 'not-a-dir', 'kiosk-shell.log'), { now, warn: (message) => warnings.push(message), echo: (line) => echoed.push(line) });
    log.write({ event: 'start' });
    log.write({ event: 'exit' });
    expect(warnings).toEqual([expect.stringMatching(/^Cannot write the log file .*not-a-dir\/kiosk-shell\.log: /)]);
    expect(echoed).toHaveLength(2);
  });
});
