#!/usr/bin/env node
// The registry these machines reach answers 404 for other platforms' optional packages (biome's, turbo's, rspack's
// native builds for macOS and Windows...), so `npm install` here writes a lock without them, and `npm ci` then refuses
// that lock. This adds the missing entries (version, os, cpu; npm fetches and checks them on the platform that needs
// them), so `npm ci` works here and everywhere. Run it after `npm install` changes package-lock.json.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const file = join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  [/wasm32/, undefined],
  [/darwin/, 'darwin'],
  [/win32|windows/, 'win32'],
  [/android/, 'android'],
  [/freebsd/, 'freebsd'],
  [/linux/, 'linux'],
];
const CPU = [
  [/wasm32/, 'wasm32'],
  [/ppc64/, 'ppc64'],
  [/riscv64/, 'riscv64'],
  [/s390x/, 's390x'],
  [/arm64/, 'arm64'],
  [/x64|-64\b/, 'x64'],
  [/ia32/, 'ia32'],
  [/arm/, 'arm'],
];
const match = (table, name) => table.find(([pattern]) => pattern.test(name));

const added = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (packages[`node_modules/${name}`] || packages[`${path}/node_modules/${name}`]) continue;
    const os = match(OS, name);
    const cpu = match(CPU, name);
    if (!os || !cpu) throw new Error(`Cannot tell the platform of ${name}; add it to scripts/complete-lockfile.cjs`);
    packages[`node_modules/${name}`] = {
      version,
      cpu: [cpu[1]],
      ...(entry.dev ? { dev: true } : {}),
      ...(/musl/.test(name) ? { libc: ['musl'] } : {}),
      optional: true,
      ...(os[1] ? { os: [os[1]] } : {}),
    };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length
    ? `Added ${added.length} platform packages to the lock:\n${added.join('\n')}`
    : 'The lock already names every platform package.',
);
