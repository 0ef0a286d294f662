// The real local stack for the end-to-end journeys: the gateway built from
// this repository, run with -dev (DynamoDB Local, s3rver and
// aws-ses-v2-local as its children) on free ports with throwaway data, a
// throwaway signing key and no demo data (unless asked), serving the built
// web app.
import { spawn, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { constants, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from './wait.mjs';

const webDir = resolve(import.meta.dirname, '..');
const repoRoot = resolve(webDir, '..');
// The app's page, and the embeddable widget's page and loader (built
// after the app by npm run build).
const builtPages = ['index.html', 'embed.html', 'embed.js'].map((file) => join(webDir, 'dist', file));

const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 10_000;

// startStack builds and starts the gateway and resolves once the API
// answers. Call stop() on the result, whatever happens in between. With
// seed, the table starts with the demo data of `make dev`.
export async function startStack({ seed = false } = {}) {
  const missing = builtPages.find((file) => !existsSync(file));
  if (missing) throw new Error(`${missing} is missing: build the web app first (npm run build, or make e2e)`);
  const dir = await mkdtemp(join(tmpdir(), 'turnout-e2e-'));
  const stack = { dir, child: null, log: '' };
  try {
    const gateway = join(dir, 'gateway');
    await promisify(execFile)('go', ['build', '-o', gateway, './tools/gateway'], { cwd: repoRoot });

    const keyFile = join(dir, 'signing.key');
    await writeFile(keyFile, randomBytes(32).toString('base64') + '\n', { mode: 0o600 });

    const [port, dynamoPort, s3Port, sesPort] = await freePorts(4);
    stack.baseURL = `http://127.0.0.1:${port}`;
    stack.sesURL = `http://127.0.0.1:${sesPort}`;
    // Deadlines ten times production's: the emulators on a loaded machine
    // answer in seconds what AWS answers in milliseconds.
    stack.child = spawn(gateway, ['-dev', '-data', '', `-seed=${seed}`, '-deadline-scale', '10', '-web', join(webDir, 'dist')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        TURNOUT_GATEWAY_ADDR: `127.0.0.1:${port}`,
        TURNOUT_WEB_ORIGIN: stack.baseURL,
        TURNOUT_DYNAMODB_PORT: String(dynamoPort),
        TURNOUT_S3_PORT: String(s3Port),
        TURNOUT_SES_PORT: String(sesPort),
        TURNOUT_SIGNING_KEY_FILE: keyFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Keep the gateway's output for the error message if it fails.
    for (const s of [stack.child.stdout, stack.child.stderr]) {
      s.setEncoding('utf8');
      s.on('data', (chunk) => {
        stack.log = (stack.log + chunk).slice(-20_000);
      });
    }
    stack.exited = new Promise((res) => stack.child.once('exit', (code, signal) => res({ code, signal })));
    watchForAbruptEnd(stack);

    let exitedEarly = null;
    stack.exited.then((e) => (exitedEarly = e));
    await waitFor(
      async () => {
        if (exitedEarly) throw new Error(`the gateway exited (${exitedEarly.signal ?? exitedEarly.code}):\n${stack.log}`);
        const res = await fetch(`${stack.baseURL}/api/event/public/`).catch(() => null);
        return res?.status === 200;
      },
      { timeout: READY_TIMEOUT_MS, interval: 250, message: () => `the gateway did not answer in time:\n${stack.log}` },
    );
  } catch (err) {
    await stop(stack);
    throw err;
  }
  return {
    baseURL: stack.baseURL,
    sesURL: stack.sesURL,
    log: () => stack.log,
    stop: () => stop(stack),
  };
}

// stop interrupts the gateway (which stops its emulators), kills it when it
// takes longer than STOP_GRACE_MS, and deletes the temporary folder.
async function stop(stack) {
  const { child } = stack;
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await stack.exited;
    clearTimeout(timer);
  }
  stack.unwatch?.();
  await rm(stack.dir, { recursive: true, force: true });
}

// watchForAbruptEnd makes sure that a run that ends without stop() (killed,
// interrupted, crashed) leaves no gateway behind; its emulators die with it.
function watchForAbruptEnd(stack) {
  const killNow = () => {
    stack.child.kill('SIGKILL');
    rmSync(stack.dir, { recursive: true, force: true });
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const onSignal = (signal) => {
    killNow();
    process.exit(128 + constants.signals[signal]);
  };
  process.once('exit', killNow);
  for (const signal of signals) process.once(signal, onSignal);
  stack.unwatch = () => {
    process.removeListener('exit', killNow);
    for (const signal of signals) process.removeListener(signal, onSignal);
  };
}

// freePorts asks the kernel for n distinct free ports on 127.0.0.1. (Another
// process could take one before the gateway does; unlikely on a test box.)
async function freePorts(n) {
  const servers = [];
  try {
    for (let i = 0; i < n; i++) {
      const server = createServer();
      await new Promise((res, rej) => server.once('error', rej).listen(0, '127.0.0.1', res));
      servers.push(server);
    }
    return servers.map((s) => s.address().port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((res) => s.close(res))));
  }
}
