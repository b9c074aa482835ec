import { afterEach, describe, expect, it, vi } from "vitest";
import { openRealtimeSession } from "./realtime-session";
import type { RealtimeError } from "./voice-chat-model";

/**
 * The realtime client against a stand-in WebSocket: what it sends (the key in the subprotocols,
 * session.update, a typed turn), and how the model server's events become the modal's callbacks.
 */

class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static last: FakeSocket | undefined;
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | undefined;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    super();
    FakeSocket.last = this;
    setTimeout(() => {
      this.readyState = 1;
      this.dispatchEvent(new Event("open"));
    }, 0);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code }));
  }
  /** An event from the model server. */
  receive(event: Record<string, unknown>) {
    this.dispatchEvent(Object.assign(new Event("message"), { data: JSON.stringify(event) }));
  }
  /** The connection lost under the client. */
  drop() {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code: 1006 }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.last = undefined;
});

function handlers() {
  return {
    onReady: vi.fn(),
    onThinking: vi.fn(),
    onUserTranscript: vi.fn(),
    onReply: vi.fn(),
    onFailure: vi.fn(),
  };
}

async function open(respond: boolean) {
  const fetch = vi.fn(
    async (_url: string) =>
      new Response(
        JSON.stringify({ message: "", data: { client_secret: { value: "ek_1", expires_at: 9 } } }),
        {
          status: 200,
          headers: { "content-type": "application/json" },
        },
      ),
  );
  vi.stubGlobal("fetch", fetch);
  vi.stubGlobal("WebSocket", FakeSocket);
  const events = handlers();
  const session = await openRealtimeSession({
    teamId: 4,
    websocketUrl: "wss://models.example/v1/realtime",
    model: "small realtime",
    instructions: "Be brief.",
    respond,
    handlers: events,
  });
  const socket = FakeSocket.last as FakeSocket;
  return { fetch, events, session, socket };
}

describe("the realtime session", () => {
  it("opens with the ephemeral key and configures the session; a typed turn asks for a reply", async () => {
    const { fetch, session, socket } = await open(true);
    expect(String(fetch.mock.calls[0]?.[0])).toContain("/api/ai/get-temp-token?id_team=4");
    expect(socket.url).toBe("wss://models.example/v1/realtime?model=small%20realtime");
    expect(socket.protocols).toEqual(["realtime", "openai-insecure-api-key.ek_1", "openai-beta.realtime-v1"]);
    expect(socket.sent[0]).toMatchObject({
      type: "session.update",
      session: { instructions: "Be brief.", turn_detection: { create_response: true } },
    });
    session.sendText("a family trust");
    expect(socket.sent.slice(1)).toEqual([
      {
        type: "conversation.item.create",
        item: { type: "message", role: "user", content: [{ type: "input_text", text: "a family trust" }] },
      },
      { type: "response.create" },
    ]);
  });

  it("turns the model server's events into the transcript, the whole reply and failures", async () => {
    const { events, socket } = await open(true);
    socket.receive({ type: "session.updated" });
    expect(events.onReady).toHaveBeenCalledTimes(1);
    socket.receive({ type: "input_audio_buffer.speech_stopped" });
    expect(events.onThinking).toHaveBeenCalled();
    socket.receive({ type: "conversation.item.input_audio_transcription.completed", transcript: " a will " });
    expect(events.onUserTranscript).toHaveBeenCalledWith("a will");
    socket.receive({ type: "response.text.delta", delta: "A will " });
    socket.receive({ type: "response.audio_transcript.delta", delta: "it is." });
    expect(events.onReply).not.toHaveBeenCalled();
    socket.receive({ type: "response.done", response: { status: "completed" } });
    expect(events.onReply).toHaveBeenCalledWith("A will it is.");

    socket.receive({
      type: "error",
      error: { type: "invalid_request_error", code: "session_expired", message: "x" },
    });
    socket.receive({
      type: "response.done",
      response: { status: "failed", status_details: { error: { type: "server_error", message: "boom" } } },
    });
    const failures = events.onFailure.mock.calls.map(([error]) => error as RealtimeError);
    expect(failures.map((error) => [error.type, error.code])).toEqual([
      ["invalid_request_error", "session_expired"],
      ["server_error", ""],
    ]);
  });

  it("a socket lost under it is a failure; closed by End it is not", async () => {
    const lost = await open(false);
    expect(lost.socket.sent[0]).toMatchObject({ session: { turn_detection: { create_response: false } } });
    lost.socket.drop();
    expect(lost.events.onFailure.mock.calls[0]?.[0]).toMatchObject({ code: "dropped" });

    const ended = await open(true);
    ended.session.close();
    expect(ended.socket.closedWith).toBe(1000);
    expect(ended.events.onFailure).not.toHaveBeenCalled();
  });
});
