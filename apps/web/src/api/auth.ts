import {
  AuthCheckResponse,
  type LoginRequest,
  LoginResponse,
  LogoutResponse,
  type SessionInfo,
} from "@precedent/contracts";
import { apiRequest } from "./client";

export const signIn = (credentials: LoginRequest) =>
  apiRequest("/api/auth/login", LoginResponse, {
    method: "POST",
    body: credentials,
    unauthorizedEndsSession: false,
  });

/** The auth check; also the keep-alive call. Resolves to the session timings the server uses. */
export const checkSession = async (
  options: { signal?: AbortSignal; unauthorizedEndsSession?: boolean } = {},
): Promise<SessionInfo> => (await apiRequest("/api/auth/check", AuthCheckResponse, options)).session;

export const signOut = () => apiRequest("/api/logout", LogoutResponse);
