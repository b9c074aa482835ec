import type { Database } from "./db/client.ts";
import { documentNameById } from "./modules/documents/index.ts";
import type { ImportReadyPerson } from "./modules/integrations/index.ts";
import type { MailService } from "./modules/mail/index.ts";
import { firmNames, memberRole } from "./modules/teams/index.ts";
import type { UsersService } from "./modules/users/index.ts";

/**
 * A retried import that works again is the person's to run (issue 37, loose end 3): they are
 * mailed the document's interview. Who they are is read here from the modules that know, so the
 * integrations module reads no other module's tables; nobody is told who has left the firm.
 */
export function importReadyNotice(deps: {
  mail: MailService;
  publicUrl: string;
  users: Pick<UsersService, "summaries">;
}) {
  return {
    mail: deps.mail,
    publicUrl: deps.publicUrl,
    async personOf(
      db: Database,
      { teamId, userId, docId }: { teamId: number; userId: number; docId: number },
    ): Promise<ImportReadyPerson | null> {
      if ((await memberRole(db, teamId, userId)) === undefined) return null;
      const person = (await deps.users.summaries([userId])).get(userId);
      const documentName = await documentNameById(db, teamId, docId);
      if (!person?.email || documentName === undefined) return null;
      return { ...person, firmName: (await firmNames(db, [teamId])).get(teamId) ?? "", documentName };
    },
  };
}
