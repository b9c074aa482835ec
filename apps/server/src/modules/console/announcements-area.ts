import {
  type AnnouncementFields,
  CONSOLE_SETTINGS_MESSAGES,
  type ConsoleAnnouncement,
} from "@precedent/contracts";
import type { Database } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import type { Clock } from "../../platform/kernel/index.ts";
import {
  auditedAnnouncement,
  createStaffAnnouncements,
  draftOf,
  presentStaffAnnouncement,
} from "../announcements/index.ts";
import { recordAction } from "./audit.ts";
import type { StaffAccountRow } from "./schema.ts";

/**
 * The console's Announcements area (issue 37 item 4): drafts, edits, publishing and withdrawing,
 * each scheduled by its start and end, through the announcements module's own functions and
 * each with its audit entry in the same transaction.
 */
export function createConsoleAnnouncements(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const staffAnnouncements = createStaffAnnouncements(deps);
  const present = (row: Parameters<typeof presentStaffAnnouncement>[0]) =>
    presentStaffAnnouncement(row, clock());
  const noSuch = () => notFound(CONSOLE_SETTINGS_MESSAGES.announcementNotFound);

  return {
    async list(): Promise<{ rows: ConsoleAnnouncement[] }> {
      return { rows: (await staffAnnouncements.list()).map(present) };
    },

    create: (staff: StaffAccountRow, body: AnnouncementFields) =>
      db.transaction(async (tx) => {
        const row = await staffAnnouncements.create(tx, draftOf(body));
        await recordAction(tx, clock, {
          staffId: staff.id,
          action: "announcement.created",
          target: `announcement:${row.id}`,
          after: auditedAnnouncement(row),
        });
        return present(row);
      }),

    edit: (staff: StaffAccountRow, id: number, body: AnnouncementFields) =>
      db.transaction(async (tx) => {
        const changed = await staffAnnouncements.edit(tx, id, draftOf(body));
        if (!changed) throw noSuch();
        await recordAction(tx, clock, {
          staffId: staff.id,
          action: "announcement.edited",
          target: `announcement:${id}`,
          before: auditedAnnouncement(changed.before),
          after: auditedAnnouncement(changed.after),
        });
        return present(changed.after);
      }),

    publish: (staff: StaffAccountRow, id: number, published: boolean) =>
      db.transaction(async (tx) => {
        const changed = await staffAnnouncements.setPublished(tx, id, published);
        if (!changed) throw noSuch();
        await recordAction(tx, clock, {
          staffId: staff.id,
          action: published ? "announcement.published" : "announcement.unpublished",
          target: `announcement:${id}`,
          before: auditedAnnouncement(changed.before),
          after: auditedAnnouncement(changed.after),
        });
        return present(changed.after);
      }),
  };
}

export type ConsoleAnnouncements = ReturnType<typeof createConsoleAnnouncements>;
