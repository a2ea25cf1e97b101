import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { loadMigrations, migrate, openDatabase, platformMigrations } from '@elts/platform';
import { upsertAdmin } from '../commands/admins.js';
import { identityService } from '../service.js';

/**
 * `npm run admin:create -- <username>`: creates an admin account, or sets a new password on an existing one.
 * The password comes from ADMIN_PASSWORD, else from a prompt. It works on the database the product uses:
 * DATABASE_URL when set (identity's own database), else the all-in-one PGlite under DATA_DIR (stop the product
 * first: PGlite has a single owner).
 */
async function main(): Promise<void> {
  const username = process.argv[2]?.trim();
  if (!username || username.length < 3) {
    console.error('Usage: npm run admin:create -- <username>   (password from ADMIN_PASSWORD or a prompt)');
    process.exit(2);
  }
  const password = process.env.ADMIN_PASSWORD || (await prompt('Password (at least 12 characters): '));
  if (password.length < 12) {
    console.error('The password must be at least 12 characters.');
    process.exit(2);
  }
  const database = await openDatabase(
    process.env.DATABASE_URL
      ? { url: process.env.DATABASE_URL }
      : // npm runs workspace scripts in the workspace folder; DATA_DIR is relative to where the command was typed.
        { dataDir: join(resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR || './.data'), 'pglite') },
  );
  try {
    const db = database.forSchema('identity');
    await migrate(db, 'identity', [...(await platformMigrations()), ...(await loadMigrations(identityService.migrationsDir))]);
    const outcome = await upsertAdmin(db as never, username, password);
    console.log(outcome === 'created' ? `Admin ${username} created.` : `Password of admin ${username} changed.`);
  } finally {
    await database.close();
  }
}

function prompt(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  // Keep the typed password off the screen.
  const output = rl as unknown as { _writeToOutput?: (text: string) => void };
  if (process.stdin.isTTY) output._writeToOutput = (text) => process.stdout.write(text.startsWith(question) ? question : '');
  return new Promise((done) =>
    rl.question(question, (answer) => {
      rl.close();
      if (process.stdin.isTTY) process.stdout.write('\n');
      done(answer);
    }),
  );
}

await main();
