import type { SessionInfo } from "@precedent/contracts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { type Clock, createAuthService } from "./modules/auth/service.ts";
import { createTeamsService } from "./modules/teams/service.ts";
import { createUsersService } from "./modules/users/service.ts";

/** Every module's service, wired once from the database, the clock and configuration. */
export function createServices(deps: {
  db: Database;
  clock: Clock;
  config: Pick<Config, "IDLE_TIMEOUT_MS" | "KEEP_ALIVE_MS">;
}) {
  const { db, clock, config } = deps;
  const users = createUsersService({ db });
  const teams = createTeamsService({ db, users });
  const auth = createAuthService({ db, clock, users, idleTimeoutMs: config.IDLE_TIMEOUT_MS });
  const sessionInfo: SessionInfo = {
    idle_timeout_ms: config.IDLE_TIMEOUT_MS,
    keep_alive_ms: config.KEEP_ALIVE_MS,
  };
  return { db, users, teams, auth, sessionInfo };
}

export type Services = ReturnType<typeof createServices>;
