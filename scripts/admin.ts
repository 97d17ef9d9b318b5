/**
 * npm run admin -- --email vet@example.co.za [--password-stdin] [--practice "Karoo Vet Clinic"]
 *
 * Makes an account an administrator. An existing account is promoted as it is (its password unchanged).
 * For a new address the account is created with a password read from standard input (--password-stdin,
 * e.g. `printf %s "$PW" | npm run admin -- --email … --password-stdin`) or typed at a hidden prompt.
 * There is no default password, ever. Uses DATABASE_URL / DATA_DIR like the server.
 */
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../api/config.js';
import { ADMIN_PASSWORD_MIN } from '../api/services/admin-service.js';
import { createServices } from '../api/services/index.js';
import { HttpError } from '../api/http/errors.js';
import { emailSchema } from '#shared/schemas/auth.js';
import { migrateToLatest, openDatabase } from '../db/database.js';

const usage = 'Usage: npm run admin -- --email ADDRESS [--password-stdin] [--practice NAME]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      practice: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.email) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const email = emailSchema.safeParse(values.email);
  if (!email.success) {
    console.error(`Not an e-mail address: ${values.email}`);
    return 2;
  }

  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const services = createServices({ config, database });
    const exists = Boolean(
      await database.db.selectFrom('users').select('id').where('email', '=', email.data).executeTakeFirst(),
    );
    let password: string | undefined;
    if (!exists) {
      if (values['password-stdin']) password = (await readStdin()).replace(/\r?\n$/, '');
      else if (process.stdin.isTTY) {
        password = await promptHidden(
          `Password for the new admin ${email.data} (at least ${ADMIN_PASSWORD_MIN} characters): `,
        );
        const again = await promptHidden('Repeat the password: ');
        if (again !== password) {
          console.error('The passwords differ; nothing was changed.');
          return 1;
        }
      } else {
        console.error(`No account for ${email.data}. Pipe a password with --password-stdin to create one.`);
        return 1;
      }
    }
    const result = await services.admin.bootstrapAdmin({
      email: email.data,
      password,
      practiceName: values.practice,
    });
    if (result.created) console.log(`Created admin account ${email.data}.`);
    else if (result.promoted) console.log(`${email.data} is now an admin.`);
    else console.log(`${email.data} was already an admin; nothing changed.`);
    return 0;
  } catch (error) {
    if (error instanceof HttpError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** All of standard input, for secrets piped in (`--password-stdin`), so they never sit in argv or history. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** A prompt whose answer is not echoed to the terminal. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let prompted = false;
    output._writeToOutput = (text: string) => {
      // Print the question once; swallow the echo of every typed character.
      if (!prompted) {
        process.stdout.write(text);
        prompted = true;
      }
    };
    rl.question(question, (answer) => {
      process.stdout.write('\n');
      rl.close();
      resolve(answer);
    });
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // An operator's command: the reason goes to stderr whatever LOG_LEVEL says.
    console.error(`Npm run admin failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
