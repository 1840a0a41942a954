/**
 * The real server as a process of its own (`server/main.ts`), for the benchmarks and for the tests that need
 * several server processes on one database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const SERVER_START_TIMEOUT_MS = 60_000;
const SERVER_STOP_TIMEOUT_MS = 5_000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  exited: Promise<void>;
}

export interface ServerOptions {
  /** Else a free one. */
  port?: number;
  /** A PostgreSQL database (several processes may share one); else an in-memory database of its own. */
  databaseUrl?: string;
}

/**
 * `server/main.ts` (demo venue, development tools on) on `port`, on the PostgreSQL database given or an in-memory
 * one. It serves `DIST_DIR` when that is set in the environment, else dist/. Answers once GET config answers.
 */
export async function startServer({ port, databaseUrl }: ServerOptions = {}): Promise<RunningServer> {
  const listenPort = port ?? (await freePort());
  const child = spawn('npx', ['tsx', 'server/main.ts', ...(databaseUrl ? [] : ['--memory'])], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(listenPort), NODE_ENV: 'test', DATABASE_URL: databaseUrl ?? '' },
    // Its own process group, so npx, tsx and the server stop together.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderrTail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-4000);
  });
  let hasExited = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      hasExited = true;
      resolve();
    });
  });
  const server = { baseUrl: `http://localhost:${listenPort}`, child, exited };

  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`The server exited during start:\n${stderrTail}`);
    const answered = await fetch(`${server.baseUrl}/api/v1/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return server;
    await sleep(250);
  }
  await stopServer(server);
  throw new Error(`The server did not answer GET /api/v1/config within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${stderrTail}`);
}

export async function stopServer(server: RunningServer): Promise<void> {
  const group = server.child.pid;
  if (group === undefined || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-group, signal);
    } catch {
      // The group is already gone.
    }
  };
  signalGroup('SIGTERM');
  const stopped = await Promise.race([server.exited.then(() => true), sleep(SERVER_STOP_TIMEOUT_MS).then(() => false)]);
  if (!stopped) signalGroup('SIGKILL');
}
