import pg from 'pg';

/** The PostgreSQL server tests create their own throw-away databases on. */
export const testPostgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ThrowAwayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Ends every server process connected to the database, as a PostgreSQL restart or a dropped link would. */
export async function terminateConnections(database: string): Promise<number> {
  return withAdminClient(async (client) => {
    const result = await client.query<{ terminated: boolean }>(
      'SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return result.rows.filter((row) => row.terminated).length;
  });
}

/** A fresh, empty database on the test server; `drop` removes it once its pool has let go. */
export async function createPostgresDatabase(prefix = 'veldvet_test'): Promise<ThrowAwayDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await withAdminClient(async (client) => {
        // pg's Pool.end() resolves before its sockets have closed. Dropping WITH (FORCE) at once would
        // terminate those closing connections mid-goodbye; wait (briefly) for them to go on their own.
        const deadline = Date.now() + 5_000;
        while (Date.now() < deadline) {
          const { rows } = await client.query<{ count: number }>(
            'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]?.count === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}
