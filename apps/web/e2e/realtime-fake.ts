import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";

/**
 * A fake of the model server's realtime endpoints, exactly those the voice chat uses:
 * `POST /v1/realtime/sessions` (the app server's, for the ephemeral key) and the WebSocket
 * `/v1/realtime?model=` (the browser's), on OpenAI's realtime protocol. Node's http upgrade and a
 * few lines of framing: text frames, masked from the client, as RFC 6455 has them.
 *
 * Each socket is a session with its own state. The test scripts what the person "says" (heard on
 * the next audio appended, as the model server's voice detection would), and can make the next
 * response an `error` event or drop the socket.
 */

type Event = Record<string, unknown> & { type: string };
type FakeSession = {
  id: number;
  key: string;
  model: string;
  socket: Duplex;
  received: Event[];
  respond: boolean;
  audioChunks: number;
  closeCode: number | undefined;
};

export type RealtimeFake = {
  port: number;
  sessions: FakeSession[];
  keys: string[];
  /** What the person says next (heard on the next audio chunk). */
  say: (words: string) => void;
  /** The next response is this `error` event instead of a reply. */
  failNext: (error: { type: string; code: string; message: string }) => void;
  /** Cuts the latest session's connection (no close frame). */
  drop: () => void;
  close: () => Promise<void>;
};

export const fakeReplyTo = (words: string) => `Fake model reply to: ${words}`;

function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  const head =
    length < 126
      ? Buffer.from([0x81, length])
      : length < 65536
        ? Buffer.from([0x81, 126, length >> 8, length & 0xff])
        : Buffer.concat([
            Buffer.from([0x81, 127]),
            Buffer.from(new BigUint64Array([BigInt(length)]).buffer).reverse(),
          ]);
  return Buffer.concat([head, payload]);
}

/** Reads whole frames from `buffer`; answers the frames and what is left over. */
function readFrames(buffer: Buffer): { frames: { opcode: number; payload: Buffer }[]; rest: Buffer } {
  const frames: { opcode: number; payload: Buffer }[] = [];
  let offset = 0;
  while (buffer.length - offset >= 2) {
    const opcode = (buffer[offset] ?? 0) & 0x0f;
    const masked = ((buffer[offset + 1] ?? 0) & 0x80) !== 0;
    let length = (buffer[offset + 1] ?? 0) & 0x7f;
    let at = offset + 2;
    if (length === 126) {
      if (buffer.length < at + 2) break;
      length = buffer.readUInt16BE(at);
      at += 2;
    } else if (length === 127) {
      if (buffer.length < at + 8) break;
      length = Number(buffer.readBigUInt64BE(at));
      at += 8;
    }
    const maskAt = at;
    if (masked) at += 4;
    if (buffer.length < at + length) break;
    const payload = Buffer.from(buffer.subarray(at, at + length));
    if (masked)
      for (let i = 0; i < payload.length; i++)
        payload[i] = (payload[i] ?? 0) ^ (buffer[maskAt + (i % 4)] ?? 0);
    frames.push({ opcode, payload });
    offset = at + length;
  }
  return { frames, rest: buffer.subarray(offset) };
}

export async function startRealtimeFake(port: number): Promise<RealtimeFake> {
  const sessions: FakeSession[] = [];
  const keys: string[] = [];
  const spoken: string[] = [];
  let nextError: { type: string; code: string; message: string } | undefined;

  const send = (session: FakeSession, event: Event) => {
    if (!session.socket.destroyed) session.socket.write(frame(JSON.stringify(event)));
  };

  function respond(session: FakeSession, words: string) {
    if (nextError) {
      send(session, { type: "error", error: nextError });
      nextError = undefined;
      return;
    }
    const reply = fakeReplyTo(words);
    send(session, { type: "response.created", response: { status: "in_progress" } });
    for (const part of reply.match(/.{1,12}/g) ?? [])
      send(session, { type: "response.text.delta", delta: part });
    send(session, { type: "response.done", response: { status: "completed" } });
  }

  function onEvent(session: FakeSession, event: Event) {
    session.received.push(event.type === "input_audio_buffer.append" ? { type: event.type } : event);
    if (event.type === "session.update") {
      const detection = (event.session as { turn_detection?: { create_response?: boolean } }).turn_detection;
      session.respond = detection?.create_response !== false;
      send(session, { type: "session.updated", session: event.session });
    } else if (event.type === "input_audio_buffer.append") {
      session.audioChunks++;
      const words = spoken.shift();
      if (words === undefined) return;
      send(session, { type: "input_audio_buffer.speech_started" });
      send(session, { type: "input_audio_buffer.speech_stopped" });
      send(session, { type: "input_audio_buffer.committed" });
      send(session, { type: "conversation.item.input_audio_transcription.completed", transcript: words });
      if (session.respond) respond(session, words);
    } else if (event.type === "response.create") {
      const last = [...session.received]
        .reverse()
        .find((received) => received.type === "conversation.item.create") as
        | { item: { content: { text: string }[] } }
        | undefined;
      respond(session, last?.item.content[0]?.text ?? "");
    }
  }

  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/realtime/sessions") {
        response.writeHead(404).end();
        return;
      }
      const key = `ek_fake_${keys.length + 1}`;
      keys.push(key);
      const model = (JSON.parse(body) as { model: string }).model;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: `sess_${keys.length}`,
          model,
          client_secret: { value: key, expires_at: 4_000_000_000 },
        }),
      );
    });
  });

  server.on("upgrade", (request: IncomingMessage, socket: Duplex) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const protocols = String(request.headers["sec-websocket-protocol"] ?? "").split(/,\s*/);
    const key =
      protocols.find((protocol) => protocol.startsWith("openai-insecure-api-key."))?.slice(24) ?? "";
    if (url.pathname !== "/v1/realtime" || !keys.includes(key) || !protocols.includes("realtime")) {
      socket.end("HTTP/1.1 401 Unauthorized\r\n\r\n");
      return;
    }
    const accept = createHash("sha1")
      .update(`${request.headers["sec-websocket-key"]}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest("base64");
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Protocol: realtime\r\n\r\n`,
    );
    const session: FakeSession = {
      id: sessions.length + 1,
      key,
      model: url.searchParams.get("model") ?? "",
      socket,
      received: [],
      respond: true,
      audioChunks: 0,
      closeCode: undefined,
    };
    sessions.push(session);
    send(session, { type: "session.created", session: { model: session.model } });
    let pending: Buffer = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      const { frames, rest } = readFrames(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const { opcode, payload } of frames) {
        if (opcode === 0x8) {
          session.closeCode = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
          socket.end(Buffer.from([0x88, 0]));
          return;
        }
        if (opcode === 0x1) onEvent(session, JSON.parse(payload.toString("utf8")) as Event);
      }
    });
    socket.on("error", () => undefined);
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    sessions,
    keys,
    say: (words) => void spoken.push(words),
    failNext: (error) => {
      nextError = error;
    },
    drop: () => sessions.at(-1)?.socket.destroy(),
    close: async () => {
      for (const session of sessions) session.socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
