import { z } from "zod";
import { envelope } from "./envelope.ts";
import { TeamRole } from "./teams.ts";

export const UserTeam = z.object({
  id: z.number().int(),
  name: z.string(),
  role: TeamRole,
});
export type UserTeam = z.infer<typeof UserTeam>;

export const CurrentUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  teams: z.array(UserTeam),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const CurrentUserResponse = envelope(CurrentUser);
