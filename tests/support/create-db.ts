// `tsx tests/support/create-db.ts URL NAME` — (re)creates database NAME on the server at URL
// and prints its URL; the end-to-end servers each get a fresh one.
import pg from "pg";

const [url, name] = process.argv.slice(2);
if (!url || !/^\w+$/.test(name ?? "")) {
  process.stderr.write("usage: create-db.ts POSTGRES_URL NAME\n");
  process.exit(2);
}
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
process.stdout.write(`${url.replace(/\/[^/]*$/, `/${name}`)}\n`);
