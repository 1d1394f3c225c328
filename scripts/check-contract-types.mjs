#!/usr/bin/env node
// Fails when frontend/lib/bff/schema.d.ts is not what openapi-typescript generates from
// contracts/openapi.yaml today, i.e. someone changed the contract without `npm run contracts:types`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const contract = join(root, 'contracts', 'openapi.yaml');
const committed = join(root, 'frontend', 'lib', 'bff', 'schema.d.ts');
const cli = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'openapi-typescript.cmd' : 'openapi-typescript');
const name = (path) => relative(root, path);

/** 0 when the committed types are current, 1 when stale or missing, 2 when generation fails. */
function check(fresh) {
  try {
    execFileSync(cli, [contract, '-o', fresh], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const stderr = error.stderr ? String(error.stderr) : String(error);
    console.error(`contracts:check: openapi-typescript failed on ${name(contract)}:\n${stderr}`);
    return 2;
  }

  let current;
  try {
    current = readFileSync(committed, 'utf8');
  } catch {
    console.error(`contracts:check: ${name(committed)} is missing. Run: npm run contracts:types`);
    return 1;
  }

  const expected = readFileSync(fresh, 'utf8');
  if (current === expected) {
    console.log(`contracts:check: ${name(committed)} matches ${name(contract)}.`);
    return 0;
  }
  const a = current.split('\n');
  const b = expected.split('\n');
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  console.error(
    [
      `contracts:check: ${name(committed)} is stale: it differs from what ${name(contract)}`,
      `generates (first difference at line ${line + 1}).`,
      `  committed: ${a[line] ?? '<end of file>'}`,
      `  expected:  ${b[line] ?? '<end of file>'}`,
      'Run: npm run contracts:types',
    ].join('\n'),
  );
  return 1;
}

const dir = mkdtempSync(join(tmpdir(), 'contract-types-'));
try {
  process.exitCode = check(join(dir, 'schema.d.ts'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
