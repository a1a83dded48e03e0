// Fails (never skips) when the PostgreSQL server for the integration suite cannot be reached.
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const { rows } = await client.query('select version()');
  console.log(`PostgreSQL reachable: ${rows[0].version.split(',')[0]}`);
  await client.end();
} catch (err) {
  console.error(`PostgreSQL integration suite cannot run: ${url} is unreachable (${err.message}).`);
  process.exit(1);
}
