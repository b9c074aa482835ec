/**
 * The database for an operator's command-line tool (the mail outbox, the job queue, the review and
 * fulfilment requests): the same DATABASE_URL / DATA_DIR as the server, opened once and closed
 * when the tool's work is done, whether it succeeded or not.
 */
import { existsSync } from "node:fs";
import { type Config, loadConfig } from "../config.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";

type Where = Pick<Config, "DATABASE_URL" | "DATA_DIR">;

/**
 * Opens the database, runs `work` on it and closes it. A PGlite folder that does not exist is
 * refused before anything is opened: opening it would create an empty database, and the tool
 * would report an empty outbox or queue when the real mistake is a DATA_DIR the server does not use.
 */
export async function withToolDatabase<T>(
  where: Where,
  work: (database: DatabaseHandle) => Promise<T>,
  open: (where: Where) => Promise<DatabaseHandle> = openDatabase,
): Promise<T> {
  if (!where.DATABASE_URL && !existsSync(where.DATA_DIR)) {
    throw new Error(`No database in ${where.DATA_DIR}: set DATA_DIR (or DATABASE_URL) as the server has it`);
  }
  const database = await open(where);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * A tool's whole run: the server's configuration given to `main`, and a failure printed as one
 * line (its message, not a stack: the tools' errors are for the operator) with exit code 1.
 */
export function runTool(main: (config: Config) => Promise<void>): void {
  Promise.resolve()
    .then(() => main(loadConfig()))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
