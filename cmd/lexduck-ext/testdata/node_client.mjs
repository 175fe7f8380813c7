// node_client.mjs: lexduck.duckdb_extension in DuckDB's official Node client
// (@duckdb/node-api), the way a notebook user loads it. Prints one JSON line
// per check; node_test.go compares them.
//   node node_client.mjs EXTENSION TRECDIR
import { DuckDBInstance } from '@duckdb/node-api';

const [ext, trec] = process.argv.slice(2);
const inst = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true', threads: '4' });
const con = await inst.connect();
const rows = async (c, sql) => (await c.runAndReadAll(sql)).getRowsJson();
const out = (name, value) => console.log(JSON.stringify({ name, value }));

await con.run(`LOAD '${ext}'`);
await con.run("SET search_path = 'main,lx_sys.main'");
out('rouge', await rows(con, "SELECT round(rouge('the cat sat', 'the cat sat down').rougeL.f, 6)"));
out('trec_run', await rows(con, `SELECT count(*), count(DISTINCT query_id) FROM read_trec_run('${trec}/run.txt')`));
await con.run('CREATE TABLE d AS SELECT i AS id, [i, 1.0]::DOUBLE[] AS embedding FROM range(1, 4) t(i)');
out('knn', await rows(con, "SELECT query_id, candidate_id, rank, round(score, 6) FROM knn('d', 'd', 2) ORDER BY ALL"));
try {
  await con.run("SELECT recall_at_k(['a'], ['a'], 0)");
  out('error', 'no error');
} catch (e) {
  out('error', String(e.message).split('\n')[0]);
}
// Four connections at once, each query on DuckDB's four threads: Node's
// worker threads and DuckDB's call into Go concurrently. Each must equal
// the answer on one thread.
const sql = `SELECT sum(word_count(s))::BIGINT, sum(len(legal_tokens(s)))::BIGINT,
    sum(hash(legal_tokens(s)) % 1000003)::BIGINT
  FROM (SELECT 'w' || (i % 97) || ' [2017] UKSC ' || (i % 13) || repeat(' x', i % 5) AS s FROM range(400000) t(i))`;
await con.run('SET threads = 1');
out('reference', await rows(con, sql));
await con.run('SET threads = 4');
const cons = await Promise.all([0, 1, 2, 3].map(() => inst.connect()));
const results = await Promise.all(cons.map((c) => rows(c, sql)));
out('concurrent', results);
