import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR_MESSAGE } from "../../api/client";
import {
  ACTIVE_RESPONSE,
  audioSecondsOf,
  FAILED_RETRYING,
  failureOf,
  INVALID_REQUEST_REPLY,
  LISTENING_RETRYING,
  listeningFailureOf,
  NO_SPEECH_HEARD,
  questionSaid,
  RealtimeError,
  rateLimitWait,
  SESSION_EXPIRED,
} from "./voice-chat-model";

describe("the realtime session's errors on the same rules", () => {
  it("maps the model's error events and a dropped socket to the spec's messages", () => {
    expect(
      failureOf(
        new RealtimeError("requests", "rate_limit_exceeded", "Rate limit reached. Please try again in 1.5s."),
      ),
    ).toEqual({ rule: "rate-limit", seconds: 2, notice: rateLimitWait(2) });
    expect(
      failureOf(new RealtimeError("requests", "rate_limit_exceeded", "try again in 800ms")),
    ).toMatchObject({
      seconds: 1,
    });
    expect(
      failureOf(
        new RealtimeError("invalid_request_error", "conversation_already_has_active_response", "busy"),
      ),
    ).toEqual({ rule: "active", notice: ACTIVE_RESPONSE });
    expect(failureOf(new RealtimeError("invalid_request_error", "session_expired", "gone"))).toEqual({
      rule: "expired",
      notice: SESSION_EXPIRED,
    });
    expect(failureOf(new RealtimeError("invalid_request_error", "invalid_value", "bad"))).toEqual({
      rule: "invalid",
      reply: INVALID_REQUEST_REPLY,
    });
    expect(failureOf(new RealtimeError("socket", "dropped", "closed 1006"))).toEqual({
      rule: "failed",
      notice: FAILED_RETRYING,
    });
    expect(failureOf(new RealtimeError("server_error", "", "oops"))).toMatchObject({ rule: "failed" });
  });
});

describe("the voice chat's realtime rules on a failed turn", () => {
  it("a rate limit waits the stated delay with a please-wait message", () => {
    const failure = failureOf(new ApiError(429, "Too many", [], 2.2));
    expect(failure).toEqual({ rule: "rate-limit", seconds: 3, notice: rateLimitWait(3) });
    expect(rateLimitWait(1)).toContain("Please wait 1 second:");
    expect(failureOf(new ApiError(429, "Too many"))).toMatchObject({ seconds: 1 });
  });

  it("a reply under way is 'Please wait a second'; another 409 is the server's own words", () => {
    expect(
      failureOf(new ApiError(409, "Please wait for the assistant's reply before sending another message.")),
    ).toEqual({ rule: "active", notice: ACTIVE_RESPONSE });
    expect(failureOf(new ApiError(409, "This document's template is not available."))).toEqual({
      rule: "refused",
      notice: "This document's template is not available.",
    });
  });

  it("a session gone tells the person to refresh; a refused request is said as the assistant's message", () => {
    expect(failureOf(new ApiError(404, "No such conversation."))).toEqual({
      rule: "expired",
      notice: SESSION_EXPIRED,
    });
    expect(failureOf(new ApiError(400, "The AI model refused the request."))).toEqual({
      rule: "invalid",
      reply: INVALID_REQUEST_REPLY,
    });
    expect(INVALID_REQUEST_REPLY).toBe("Somethings went wrong. Please try again");
  });

  it("no connection, a server fault or anything unknown is a failed response, tried again", () => {
    for (const error of [new ApiError(0, NETWORK_ERROR_MESSAGE), new ApiError(502, ""), new Error("x"), "?"])
      expect(failureOf(error)).toEqual({ rule: "failed", notice: FAILED_RETRYING });
  });

  it("maps the browser's speech errors", () => {
    expect(listeningFailureOf("network", "…")).toEqual({ rule: "failed", notice: LISTENING_RETRYING });
    expect(listeningFailureOf("no-speech", "…")).toEqual({ rule: "no-speech", notice: NO_SPEECH_HEARD });
    expect(listeningFailureOf("not-allowed", "blocked")).toEqual({
      rule: "no-microphone",
      notice: "blocked",
    });
    expect(listeningFailureOf("audio-capture", "none")).toMatchObject({ rule: "no-microphone" });
  });
});

describe("the voice chat's turns", () => {
  it("says a question with its choices", () => {
    expect(questionSaid({ label: "Financial year ends on", options: ["30 June", "31 March"] })).toBe(
      "Financial year ends on The choices are: 30 June, 31 March.",
    );
    expect(questionSaid({ label: "Name", options: null })).toBe("Name");
    expect(questionSaid(null)).toBe("");
  });

  it("counts whole seconds of speech, none without a start, at most ten minutes", () => {
    expect(audioSecondsOf(1000, 5600)).toBe(5);
    expect(audioSecondsOf(undefined, 5600)).toBe(0);
    expect(audioSecondsOf(6000, 5600)).toBe(0);
    expect(audioSecondsOf(0, 3_600_000)).toBe(600);
  });
});
