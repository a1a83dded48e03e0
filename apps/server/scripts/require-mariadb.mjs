// Fails (never skips) when the MariaDB / MySQL server the importer's tests fill cannot be reached.
import mysql from 'mysql2/promise';

const url = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
try {
  const c = await mysql.createConnection({ uri: url, connectTimeout: 5000 });
  const [rows] = await c.query('SELECT VERSION() AS v');
  console.log(`MariaDB reachable: ${rows[0].v}`);
  await c.end();
} catch (err) {
  console.error(`The importer's suite cannot run: ${url} is unreachable (${err.message}). Start MariaDB (apt-get install mariadb-server).`);
  process.exit(1);
}
