// npm run dev: the API with tsx watch on API_PORT (3001) and Vite with hot reload on PORT (3000).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, NODE_ENV: 'development', APP_URL: process.env.APP_URL ?? `http://localhost:${webPort}` };

const procs = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/index.ts'], { cwd: root, stdio: 'inherit', env: { ...env, PORT: apiPort } }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...env, WEB_PORT: webPort, API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];
const stop = (s) => procs.forEach((p) => p.kill(s));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
procs.forEach((p) => p.on('exit', () => stop('SIGTERM')));
