// The announcements module's one public entry: other modules and the app import only this file.

export { announcementRoutes } from "./routes.ts";
export { announcements } from "./schema.ts";
export { type AnnouncementsService, createAnnouncementsService } from "./service.ts";
export {
  type AnnouncementDraft,
  auditedAnnouncement,
  createStaffAnnouncements,
  draftOf,
  presentStaffAnnouncement,
  type StaffAnnouncements,
} from "./staff.ts";
