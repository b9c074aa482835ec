import type { CurrentUser } from "@precedent/contracts";
import {
  CountriesResponse,
  CurrentUserResponse,
  ErrorEnvelope,
  StreetTypesResponse,
  UpdateProfileRequest,
  UpdateProfileResponse,
  UserIdParams,
} from "@precedent/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KeptReplies } from "../../platform/freshness/index.ts";
import { actorOf } from "../../plugins/authenticate.ts";
import { COUNTRIES } from "./countries.ts";
import type { UsersService } from "./service.ts";
import { STREET_TYPES } from "./street-types.ts";

/** The signed-in person and their firms, as the teams module answers it (wired in app.ts). */
type CurrentUserOf = (userId: number) => Promise<CurrentUser>;

export const userRoutes: FastifyPluginAsyncZod<{
  users: Pick<UsersService, "updateProfile">;
  keptReplies: KeptReplies;
  currentUser: CurrentUserOf;
}> = async (app, { users, keptReplies, currentUser }) => {
  app.get(
    "/users/me",
    {
      schema: {
        tags: ["users"],
        summary: "The signed-in user and their firms",
        response: { 200: CurrentUserResponse },
      },
    },
    async (request, reply) => {
      const { userId } = actorOf(request);
      return keptReplies.person(reply, userId, async () => ({
        message: "",
        data: await currentUser(userId),
      }));
    },
  );

  app.post(
    "/users/:id",
    {
      schema: {
        tags: ["users"],
        summary: "Save your own profile, billing details and (with new_password) password",
        description:
          "Fields left out stay as they are. A new password needs the current one and ends your other sessions; this one stays signed in. Another person's id is never found.",
        params: UserIdParams,
        body: UpdateProfileRequest,
        response: {
          200: UpdateProfileResponse,
          400: ErrorEnvelope.describe("A field is not valid, or the current password is not correct"),
          429: ErrorEnvelope.describe(
            "Too many wrong current passwords from this address: wait `data.retry_after_seconds`",
          ),
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await users.updateProfile(actor, request.params.id, request.body, { ip: request.ip });
      return { message: "", data: await currentUser(actor.userId) };
    },
  );

  app.get(
    "/data/countries",
    {
      schema: {
        tags: ["users"],
        summary: "Countries with their calling codes and, where listed, their states",
        response: { 200: CountriesResponse },
      },
    },
    async () => ({ message: "", data: [...COUNTRIES] }),
  );

  app.get(
    "/street-types",
    {
      schema: {
        tags: ["users"],
        summary: "Australia Post's street types: abbreviation to name",
        response: { 200: StreetTypesResponse },
      },
    },
    async () => ({ message: "", data: { code: 200 as const, street_types: { ...STREET_TYPES } } }),
  );
};
