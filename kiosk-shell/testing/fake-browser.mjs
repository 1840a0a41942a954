/**
 * A stand-in for Chromium in the supervisor tests: run as `node fake-browser.mjs <chromium flags> <url>`.
 * It serves /json/version and /json/list on --remote-debugging-port (127.0.0.1) and starts a "renderer"
 * child (in the browser's process group, as Chromium's helpers are). It can be told to misbehave:
 *   GET /fake/hang         stop answering anything and ignore SIGTERM (a hung browser)
 *   GET /fake/exit?code=N  exit with code N (the renderer is left behind)
 *   --fake-hang-after-ms=N, --fake-exit-after-ms=N (with --fake-exit-code=N): the same after N ms
 * FAKE_BROWSER_PID_LOG=<file>: append "browser <pid>" and "renderer <pid>" lines to the file.
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { URL } from 'node:url';

const args = process.argv.slice(2);
const option = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const port = Number(option('remote-debugging-port'));
const pageUrl = args.filter((arg) => !arg.startsWith('--')).at(-1) ?? 'about:blank';
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('fake-browser: --remote-debugging-port=<port> is required\n');
  process.exit(64);
}

const renderer = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
const pidLog = process.env.FAKE_BROWSER_PID_LOG;
if (pidLog) appendFileSync(pidLog, `browser ${process.pid}\nrenderer ${renderer.pid}\n`);

let hung = false;
const hang = () => {
  hung = true;
};
const exit = (code) => {
  // Like a crashing browser: no clean-up, the renderer stays behind for the supervisor to sweep.
  process.exit(code);
};

const json = (response, body) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/fake/hang') {
    hang();
    response.end('hanging\n');
    return;
  }
  if (hung) return; // never answered
  if (url.pathname === '/fake/exit') {
    response.end('exiting\n', () => exit(Number(url.searchParams.get('code') ?? '0')));
    return;
  }
  if (url.pathname === '/json/version') {
    json(response, { Browser: 'FakeChromium/1.0', 'Protocol-Version': '1.3' });
    return;
  }
  if (url.pathname === '/json/list') {
    json(response, [{ id: 'page-1', type: 'page', url: pageUrl }]);
    return;
  }
  response.writeHead(404);
  response.end();
});
server.listen(port, '127.0.0.1');

process.on('SIGTERM', () => {
  if (hung) return; // a hung browser does not act on SIGTERM
  renderer.kill('SIGTERM');
  server.close();
  process.exit(0);
});

const hangAfter = option('fake-hang-after-ms');
if (hangAfter) setTimeout(hang, Number(hangAfter));
const exitAfter = option('fake-exit-after-ms');
if (exitAfter) setTimeout(() => exit(Number(option('fake-exit-code') ?? '1')), Number(exitAfter));
