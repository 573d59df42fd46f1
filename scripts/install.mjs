// `scripts/install.sh` (which runs this file): installs (or upgrades in place) one Papo node from this checkout on a Debian-like host
// with Node: builds here, copies what a node runs into the prefix with runtime dependencies only, writes the
// environment file once, makes the service user and data folder and installs the systemd unit.
// `--help` lists the flags; docs/operations.md (Packaged install) says what it does.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildNeeded, repoRoot } from './build-state.mjs';

/** What a node runs besides its packages: the manifests, the start and admin scripts and the builds. */
export const runtimeParts = [
  'package.json',
  'package-lock.json',
  'scripts/start.mjs',
  'scripts/admin.mjs',
  'scripts/build-state.mjs',
  'packages/contract/package.json',
  'apps/server/package.json',
  'apps/server/dist',
  'apps/web/package.json',
  'apps/web/dist',
];

/** The build, where the dev dependencies are (the Dockerfile runs the same commands). */
export const buildCommands = [
  ['npm', 'ci'],
  ['npm', 'run', 'build'],
];

/** Runtime dependencies only, in the installed tree. */
export const runtimeInstall = ['npm', 'ci', '--omit=dev', '--no-audit', '--no-fund'];

const usage = `Usage: sudo scripts/install.sh [options]   (from a Papo checkout)

Installs or upgrades one Papo node: builds this checkout (npm ci and npm run build, skipped while the build is
current), copies what a node runs into the prefix with runtime dependencies only (npm ci --omit=dev), writes the
environment file with a generated JWT_SECRET and VAPID key pair unless it exists, makes the service user and the data
folder, and installs and enables the systemd unit. Run again to upgrade: the environment file and data are kept.

  --prefix DIR      where the node is installed (default /srv/papo)
  --env-file FILE   the node's environment file (default /etc/papo/papo.env)
  --data-dir DIR    DATA_DIR: SQLite, uploads, generated files (default /var/lib/papo)
  --user NAME       the system user the node runs as (default papo)
  --no-user         do not create the user or give it the data folder (an unprivileged install, a container)
  --no-systemd      do not install the systemd unit (containers, tests)
  --dry-run         print what would be done and change nothing
  --help            this text`;

/** Whether `version` (x.y.z) satisfies an npm `engines` range made of `^`, `>=`, `<` parts joined by spaces and `||`. */
export function satisfies(version, range) {
  const parse = (text) => text.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const compare = (a, b) => {
    for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
    return 0;
  };
  const have = parse(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .every((condition) => {
        const [, operator, wanted] = /^(\^|>=|<=|>|<|=)?(.+)$/.exec(condition) ?? [];
        const want = parse(wanted ?? '');
        const order = compare(have, want);
        if (operator === '^') return order >= 0 && have[0] === want[0];
        if (operator === '>=') return order >= 0;
        if (operator === '>') return order > 0;
        if (operator === '<=') return order <= 0;
        if (operator === '<') return order < 0;
        return order === 0;
      }),
  );
}

/** base64url, as web push keys are written. */
const base64url = (buffer) => Buffer.from(buffer).toString('base64url');

/** A VAPID pair (P-256): the public key as its uncompressed point, the private key as its 32-byte scalar. */
export function vapidKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const pub = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x, 'base64url'), Buffer.from(pub.y, 'base64url')]);
  return { publicKey: base64url(point), privateKey: jwk.d };
}

/** Lines of deploy/papo.env naming a cluster's shared services: a single node starts without them, on SQLite. */
const clusterOnly = /^(DATABASE_URL|REDIS_URL|UPLOADS_URL|S3_ENDPOINT|AWS_[A-Z_]+|SMTP_URL)=/;

/** The environment file of a new node: deploy/papo.env with this node's folder, fresh secrets, cluster lines off. */
export function environmentFile(template, { dataDir }) {
  const vapid = vapidKeys();
  const lines = template.split('\n').map((line) => {
    if (line.startsWith('HOST=')) return 'HOST=127.0.0.1';
    if (line.startsWith('DATA_DIR=')) return `DATA_DIR=${dataDir}`;
    if (line.startsWith('JWT_SECRET=')) return `JWT_SECRET=${randomBytes(48).toString('base64url')}`;
    if (line.startsWith('# VAPID_PUBLIC_KEY=')) return `VAPID_PUBLIC_KEY=${vapid.publicKey}`;
    if (line.startsWith('# VAPID_PRIVATE_KEY=')) return `VAPID_PRIVATE_KEY=${vapid.privateKey}`;
    if (clusterOnly.test(line)) return `# ${line}`;
    return line;
  });
  return `# Written by scripts/install.mjs: one node on SQLite in DATA_DIR; set PUBLIC_URL, and for several nodes the
# commented services (docs/operations.md, Several nodes).
${lines.join('\n')}`;
}

/** The systemd unit of deploy/papo.service with this install's folders, user and Node. */
export function serviceUnit(template, { prefix, envFile, dataDir, user, node }) {
  return template
    .replace(/^User=.*$/m, `User=${user}`)
    .replace(/^Group=.*$/m, `Group=${user}`)
    .replace(/^WorkingDirectory=.*$/m, `WorkingDirectory=${prefix}`)
    .replace(/^EnvironmentFile=.*$/m, `EnvironmentFile=${envFile}`)
    .replace(/^ExecStart=\S+/m, `ExecStart=${node}`)
    .replace(/^ReadWritePaths=.*$/m, `ReadWritePaths=${dataDir}`);
}

export function parseArgs(argv) {
  const options = {
    prefix: '/srv/papo',
    envFile: '/etc/papo/papo.env',
    dataDir: '/var/lib/papo',
    user: 'papo',
    createUser: true,
    systemd: true,
    dryRun: false,
    help: false,
  };
  const valued = { '--prefix': 'prefix', '--env-file': 'envFile', '--data-dir': 'dataDir', '--user': 'user' };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--' && i === 0) continue;
    if (arg in valued) {
      const value = argv[(i += 1)];
      if (!value || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      options[valued[arg]] = value;
    } else if (arg === '--no-user') options.createUser = false;
    else if (arg === '--no-systemd') options.systemd = false;
    else if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new Error(`unknown option ${arg} (--help lists them)`);
  }
  for (const key of ['prefix', 'envFile', 'dataDir']) options[key] = resolve(options[key]);
  if (!/^[a-z_][a-z0-9_-]*$/.test(options.user)) throw new Error(`--user ${options.user} is not a user name`);
  return options;
}

/** Installs as `options` say; `say` prints each step. Throws with one line when a step fails. */
export function install(options, say = console.log) {
  const { prefix, envFile, dataDir, user, dryRun } = options;
  const step = (text, action) => {
    say(`${dryRun ? '[dry run] ' : ''}${text}`);
    if (!dryRun) action();
  };
  const run = (command, cwd, env = process.env) => {
    const result = spawnSync(command[0], command.slice(1), { cwd, stdio: 'inherit', env });
    if (result.status !== 0)
      throw new Error(`${command.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`);
  };

  const { engines } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  if (!satisfies(process.versions.node, engines.node))
    throw new Error(`Node ${process.versions.node} is not one Papo runs on (${engines.node}; decision 029)`);
  if (resolve(prefix) === resolve(repoRoot))
    throw new Error('--prefix is this checkout: install into another folder (the checkout keeps the dev dependencies)');

  const stale = buildNeeded();
  if (stale) {
    // what a node serves is the production build, whatever NODE_ENV this shell has.
    const env = { ...process.env, NODE_ENV: 'production' };
    for (const command of buildCommands)
      step(`build (${stale}): ${command.join(' ')}`, () => run(command, repoRoot, env));
  } else say('The build is current: npm ci and npm run build skipped.');

  const upgrade = existsSync(join(prefix, 'apps/server/dist/main.mjs'));
  step(`${upgrade ? 'upgrade' : 'install'} ${prefix}: ${runtimeParts.length} parts of the build`, () => {
    for (const part of runtimeParts) {
      const to = join(prefix, part);
      // a build's files are replaced whole, so no asset of the previous release is left behind.
      rmSync(to, { recursive: true, force: true });
      // times kept, so `npm start` sees the copied build as current and does not try to build.
      cpSync(join(repoRoot, part), to, { recursive: true, preserveTimestamps: true });
    }
  });
  step(
    `runtime dependencies: ${runtimeInstall.join(' ')} (better-sqlite3 compiles SQLite unless a prebuilt archive is found: minutes on a small machine; docs/operations.md, Install)`,
    () => run(runtimeInstall, prefix),
  );

  step(`data folder ${dataDir}`, () => {
    mkdirSync(dataDir, { recursive: true, mode: 0o750 });
  });
  if (existsSync(envFile)) say(`${envFile} exists: kept.`);
  else
    step(`environment file ${envFile} (from deploy/papo.env, JWT_SECRET and VAPID keys generated)`, () => {
      mkdirSync(dirname(envFile), { recursive: true });
      const template = readFileSync(join(repoRoot, 'deploy/papo.env'), 'utf8');
      writeFileSync(envFile, environmentFile(template, { dataDir }), { mode: 0o600 });
      chmodSync(envFile, 0o600);
    });

  if (options.createUser) {
    const exists = spawnSync('id', ['-u', user]).status === 0;
    if (exists) say(`user ${user} exists.`);
    else
      step(`system user ${user}`, () =>
        run(['useradd', '--system', '--home-dir', dataDir, '--shell', '/usr/sbin/nologin', user], '/'),
      );
    step(`${dataDir} and ${envFile} belong to ${user}`, () => {
      run(['chown', '-R', `${user}:${user}`, dataDir], '/');
      run(['chown', `${user}:${user}`, envFile], '/');
    });
  }

  if (options.systemd) {
    const unit = '/etc/systemd/system/papo.service';
    step(`systemd unit ${unit}`, () => {
      const template = readFileSync(join(repoRoot, 'deploy/papo.service'), 'utf8');
      writeFileSync(unit, serviceUnit(template, { ...options, node: process.execPath }));
      run(['systemctl', 'daemon-reload'], '/');
      run(['systemctl', 'enable', 'papo'], '/');
      if (upgrade) run(['systemctl', 'restart', 'papo'], '/');
    });
  }

  const start = options.systemd
    ? upgrade
      ? 'restarted: systemctl status papo'
      : 'sudo systemctl start papo && journalctl -u papo -f'
    : `node --env-file=${envFile} ${join(prefix, 'apps/server/dist/main.mjs')}   (from ${prefix})`;
  say(`
Papo is ${upgrade ? 'upgraded' : 'installed'} in ${prefix}. Next:
  1. Edit ${envFile}: PUBLIC_URL (the address people use), MAIL_FROM and SMTP_URL for real mail; for several
     nodes DATABASE_URL, REDIS_URL and UPLOADS_URL (docs/operations.md, Configuration).
  2. Start it: ${start}
  3. The first administrator: cd ${prefix} && sudo -u ${user} node scripts/admin.mjs -- create-user --username U --email E --role ROLE_ADMIN --env-file ${envFile}
  4. nginx in front, HTTPS ending there: deploy/nginx.conf (WebSocket upgrades, TRUST_PROXY=1), a certificate from
     certbot --nginx; check with curl https://your.host/readyz.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const options = parseArgs(process.argv.slice(2));
    if (options.help) console.log(usage);
    else install(options);
  } catch (error) {
    console.error(`Could not install Papo: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
