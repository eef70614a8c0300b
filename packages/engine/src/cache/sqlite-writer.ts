/**
 * The request cache's batch write: one statement, prepared once, on a SQLite connection of its own.
 *
 * An answer's slot waits for its write (nothing paid twice), so the write's latency is part of every request's
 * turnaround. Through @keyv/sqlite's `query` each write is a new statement, prepared, run and finalised: each step a
 * trip to libuv's thread pool and back to the main thread, and on a busy engine each trip back waits for the main
 * thread to finish what it is doing (the round's other answers). Here a batch is one trip: the statement is bound
 * and run in one piece of thread-pool work.
 */
import type { Database, Statement } from 'sqlite3';

export interface SqliteWriter {
  /** Runs the prepared statement with its one parameter; resolves once the statement has completed. */
  run(parameter: string): Promise<void>;
  close(): Promise<void>;
}

/** Opens `file` (its tables already made), sets the connection up as the cache's own, and prepares `sql`. */
export async function openSqliteWriter(file: string, sql: string, busyTimeoutMs: number): Promise<SqliteWriter> {
  const { default: sqlite3 } = await import('sqlite3');
  const db = await new Promise<Database>((resolve, reject) => {
    const opened: Database = new sqlite3.Database(file, (error) => (error ? reject(error) : resolve(opened)));
  });
  try {
    db.configure('busyTimeout', busyTimeoutMs);
    // A per-connection setting (WAL is the file's): without it each commit would wait for the disk.
    await new Promise<void>((resolve, reject) =>
      db.run('PRAGMA synchronous=NORMAL', (error: Error | null) => (error ? reject(error) : resolve())),
    );
    const statement = await new Promise<Statement>((resolve, reject) => {
      const prepared: Statement = db.prepare(sql, (error) => (error ? reject(error) : resolve(prepared)));
    });
    return writer(db, statement);
  } catch (error) {
    db.close(() => undefined); // a failed close must not become an unhandled error event over the setup error
    throw error;
  }
}

function writer(db: Database, statement: Statement): SqliteWriter {
  return {
    run: (parameter) =>
      new Promise<void>((resolve, reject) =>
        statement.run([parameter], (error: Error | null) => (error ? reject(error) : resolve())),
      ),
    close: async () => {
      await new Promise<void>((resolve) => statement.finalize(() => resolve()));
      await new Promise<void>((resolve, reject) => db.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
