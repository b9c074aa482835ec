import { API, type ChoosePasswordRequest, type LoginRequest, type SessionInfo } from "@precedent/contracts";
import { queryOptions } from "@tanstack/react-query";
import { call, callForMessage } from "./call";
import { ApiError, reportSessionEnded } from "./client";

export const signIn = (credentials: LoginRequest) =>
  call(API.auth.signIn, { body: credentials, unauthorizedEndsSession: false });

/**
 * The auth check; also the keep-alive call. Resolves to the session timings the server uses.
 * A visitor without a session is refused as a 401 would be, though the server answers it 200
 * (so that the sign-in page's check logs no error in the browser).
 */
export const checkSession = async (
  options: { signal?: AbortSignal; unauthorizedEndsSession?: boolean } = {},
): Promise<SessionInfo> => {
  const check = await call(API.auth.check, options);
  if (check.authenticated) return check.session;
  const signedOut = new ApiError(401, "Please sign in.");
  if (options.unauthorizedEndsSession !== false) reportSessionEnded(signedOut);
  throw signedOut;
};

export const signOut = () => call(API.auth.signOut);

/** Ends every session of the signed-in person, this one included. */
export const signOutEverywhere = () => call(API.auth.signOutEverywhere);

/** "Forgot password?": resolves to the server's words, the same whether or not the address has an account. */
export const askForPasswordReset = (email: string) =>
  callForMessage(API.passwordReset.request, { body: { email }, unauthorizedEndsSession: false });

/** Whose reset link this is and until when, for a visitor without a session. */
export const passwordResetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ["password-reset-link", token],
    queryFn: ({ signal }) =>
      call(API.passwordReset.link, { params: { token }, signal, unauthorizedEndsSession: false }),
    retry: false,
    refetchOnWindowFocus: false,
  });

/** Sets the new password; resolves to the server's words. */
export const choosePassword = (token: string, body: ChoosePasswordRequest) =>
  callForMessage(API.passwordReset.choosePassword, {
    params: { token },
    body,
    unauthorizedEndsSession: false,
  });
