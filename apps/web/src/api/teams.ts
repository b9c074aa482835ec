import { TeamMembersResponse, TeamResponse } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";

export const teamQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["team", teamId],
    queryFn: async ({ signal }) =>
      (await apiRequest("/api/team/get", TeamResponse, { query: { id_team: teamId }, signal })).team,
  });

export const teamMembersQuery = (teamId: number) =>
  queryOptions({
    queryKey: ["team", teamId, "members"],
    queryFn: async ({ signal }) =>
      (await apiRequest("/api/team/get-members", TeamMembersResponse, { query: { id_team: teamId }, signal }))
        .members,
  });
