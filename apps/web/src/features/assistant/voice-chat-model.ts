import { ApiError } from "../../api/client";

/**
 * The voice chat's rules, apart from its screen (interview spec §2 "Voice chat assistant", §4 "AI
 * assistant (chat and voice) on the template start"): how a failed turn is answered. With the
 * built-in provider a turn is one request to our server, so the realtime rules are applied to its
 * answers: our 429 is the model's rate limit, a reply already under way is the active response,
 * a thread or session that is gone is the expired session, a refused request is the
 * `invalid_request_error`, and anything else (no connection, a server fault) a failed response.
 */

export type VoiceChatMode = "assistant" | "interview";
export type VoiceChatState = "idle" | "connecting" | "listening" | "thinking" | "speaking";

/** Spec §4: "an already active response gives 'Please wait a second'". */
export const ACTIVE_RESPONSE = "Please wait a second";
/** Spec §4: an `invalid_request_error` is said as an assistant message. */
export const INVALID_REQUEST_REPLY = "Somethings went wrong. Please try again";
/** Spec §4: session_expired tells the user to refresh. */
export const SESSION_EXPIRED = "Your session has expired. Please press Refresh to start again.";
/** Spec §4: a failed response is tried again after 3 s. */
export const FAILED_RETRY_MS = 3000;
export const FAILED_RETRYING = "The reply failed. Trying again in 3 seconds…";
export const LISTENING_RETRYING = "Speech recognition lost its connection. Listening again in 3 seconds…";
export const NO_SPEECH_HEARD = "I did not hear anything. Please speak again, or type your message.";
export const INTERVIEW_NEEDS_DOCUMENT =
  "Interview mode answers the questions of the document open on screen. Open a document's interview first.";
export const NO_VOICE_IN_BROWSER = "This browser cannot listen or speak. Please type your messages below.";

/** Spec §4: "rate limit gives a please-wait message and retries after the stated delay". */
export const rateLimitWait = (seconds: number) =>
  `Please wait ${seconds} second${seconds === 1 ? "" : "s"}: too many messages just now. Sending again then…`;

export type TurnFailure =
  | { rule: "rate-limit"; seconds: number; notice: string }
  | { rule: "active"; notice: string }
  | { rule: "expired"; notice: string }
  | { rule: "failed"; notice: string }
  | { rule: "invalid"; reply: string }
  | { rule: "refused"; notice: string };

/**
 * A failure of the realtime session itself: the model server's `error` event ({type, code,
 * message}), a response that ended `failed`, or the socket closed under us (`dropped`).
 */
export class RealtimeError extends Error {
  readonly type: string;
  readonly code: string;
  constructor(type: string, code: string, message: string) {
    super(message);
    this.name = "RealtimeError";
    this.type = type;
    this.code = code;
  }
}

/** The model's rate-limit message names its delay ("Please try again in 1.5s" or "in 800ms"). */
function delayOf(message: string): number {
  const said = /in (\d+(?:\.\d+)?)\s*(ms|s)\b/i.exec(message);
  if (!said) return 1;
  return Math.max(1, Math.ceil(Number(said[1]) / (said[2]?.toLowerCase() === "ms" ? 1000 : 1)));
}

function realtimeFailureOf(error: RealtimeError): TurnFailure {
  if (error.code === "rate_limit_exceeded") {
    const seconds = delayOf(error.message);
    return { rule: "rate-limit", seconds, notice: rateLimitWait(seconds) };
  }
  if (error.code === "conversation_already_has_active_response")
    return { rule: "active", notice: ACTIVE_RESPONSE };
  if (error.code === "session_expired") return { rule: "expired", notice: SESSION_EXPIRED };
  if (error.type === "invalid_request_error") return { rule: "invalid", reply: INVALID_REQUEST_REPLY };
  // A dropped socket, a failed response, the server's own fault: tried again after 3 s.
  return { rule: "failed", notice: FAILED_RETRYING };
}

/** Which realtime rule a failed turn falls under, and what the person is told. */
export function failureOf(error: unknown): TurnFailure {
  if (error instanceof RealtimeError) return realtimeFailureOf(error);
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.busy)
    return { rule: "failed", notice: FAILED_RETRYING };
  if (error.status === 429) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds ?? 1));
    return { rule: "rate-limit", seconds, notice: rateLimitWait(seconds) };
  }
  // The server answers one message of a thread (and one answer of a session) at a time.
  if (error.status === 409 && error.message.startsWith("Please wait"))
    return { rule: "active", notice: ACTIVE_RESPONSE };
  if (error.status === 404) return { rule: "expired", notice: SESSION_EXPIRED };
  if (error.status === 400) return { rule: "invalid", reply: INVALID_REQUEST_REPLY };
  // The firm's switch turned off, a document completed meanwhile: the server's own words.
  return { rule: "refused", notice: error.message || INVALID_REQUEST_REPLY };
}

/**
 * The browser's speech errors on the same rules: a network failure is a failed response (listen
 * again after 3 s), no speech is said and listened for again; a blocked or missing microphone turns
 * the mic off and leaves typing.
 */
export type ListeningFailure = { rule: "failed" | "no-speech" | "no-microphone"; notice: string };

export function listeningFailureOf(code: string, message: string | undefined): ListeningFailure {
  if (code === "network") return { rule: "failed", notice: LISTENING_RETRYING };
  if (code === "no-speech") return { rule: "no-speech", notice: NO_SPEECH_HEARD };
  return { rule: "no-microphone", notice: message ?? NO_VOICE_IN_BROWSER };
}

/** What the indicator says for each state, read by screen readers as it changes. */
export const STATE_LABEL: Record<VoiceChatState, string> = {
  idle: "Mic off",
  connecting: "Connecting…",
  listening: "Listening…",
  thinking: "Thinking…",
  speaking: "Speaking…",
};

/** The question as it is said in the interview mode: its words, then its choices. */
export function questionSaid(question: { label: string; options: string[] | null } | null): string {
  if (!question) return "";
  return question.options
    ? `${question.label} The choices are: ${question.options.join(", ")}.`
    : question.label;
}

/** Whole seconds of audio a turn took (heard and spoken), as the usage counts them; at most 600. */
export function audioSecondsOf(startedAt: number | undefined, endedAt: number): number {
  if (startedAt === undefined || endedAt <= startedAt) return 0;
  return Math.min(600, Math.round((endedAt - startedAt) / 1000));
}
