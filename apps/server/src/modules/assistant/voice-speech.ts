import { SPEECH_FAILED } from "@precedent/contracts";
import { AppError } from "../../errors.ts";

/**
 * The speech port of the voice interview: speech to text and text to speech on the server. With no
 * provider configured (the default) there is none, the routes refuse plainly and the browser's own
 * speech is used, so no recording leaves the person's machine. With an OpenAI-compatible provider
 * configured, its two audio endpoints answer:
 * `POST {baseUrl}/audio/transcriptions` (multipart, the recording as `file`) and
 * `POST {baseUrl}/audio/speech` (JSON, mp3 back).
 *
 * Plain `fetch`, as the chat provider does: two endpoints, no streaming, no retries of our own
 * beyond the one time limit.
 */

export type SpeechPort = {
  readonly name: string;
  transcribe(audio: Uint8Array, fileName: string): Promise<string>;
  speak(input: { text: string; voice: string; speed: number }): Promise<Uint8Array>;
};

export type OpenAiSpeechSettings = {
  /** Up to and including the API version, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey?: string;
  transcriptionModel: string;
  speechModel: string;
  timeoutMs: number;
};

/**
 * The provider's failure, as the person should hear of it: what failed (`where`) is kept as the
 * error's cause for the server's log, not sent to the browser.
 */
const speechFailed = (where: string) => Object.assign(new AppError(502, SPEECH_FAILED), { cause: where });

export function createOpenAiSpeech(settings: OpenAiSpeechSettings): SpeechPort {
  const base = settings.baseUrl.replace(/\/+$/, "");
  const authorization: Record<string, string> = settings.apiKey
    ? { authorization: `Bearer ${settings.apiKey}` }
    : {};

  async function call(path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      throw speechFailed(`${path}: ${(error as Error).name}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw speechFailed(`${path}: HTTP ${response.status}`);
    }
    return response;
  }

  return {
    name: "openai-compatible",

    async transcribe(audio, fileName) {
      const form = new FormData();
      form.append("model", settings.transcriptionModel);
      form.append("response_format", "json");
      form.append("file", new Blob([Buffer.from(audio)], { type: "audio/mpeg" }), fileName);
      const response = await call("/audio/transcriptions", {
        method: "POST",
        headers: authorization,
        body: form,
      });
      const body = (await response.json().catch(() => null)) as { text?: unknown } | null;
      if (typeof body?.text !== "string") throw speechFailed("/audio/transcriptions: no text");
      return body.text.trim();
    },

    async speak({ text, voice, speed }) {
      const response = await call("/audio/speech", {
        method: "POST",
        headers: { ...authorization, "content-type": "application/json" },
        body: JSON.stringify({
          model: settings.speechModel,
          input: text,
          voice,
          speed,
          response_format: "mp3",
        }),
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength === 0) throw speechFailed("/audio/speech: no audio");
      return bytes;
    },
  };
}
