/**
 * `npm start`: builds the web app when dist/web/index.html is missing, then starts the server in
 * production mode (same env as src/server/main.ts: HOST, PORT, DATA_DIR, DATABASE_URL, ...).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

const webDir = path.resolve(process.env.WEB_DIR || path.join(root, 'dist/web'));
if (!existsSync(path.join(webDir, 'index.html'))) {
  console.log('dist/web/index.html is missing: running npm run build first');
  const code = await run(npm, ['run', 'build']);
  if (code !== 0) {
    console.error(`npm run build failed (exit ${code})`);
    process.exit(code);
  }
}

await import('../src/server/main');
