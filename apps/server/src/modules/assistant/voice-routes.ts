import fastifyMultipart from "@fastify/multipart";
import {
  ASSISTANT_OFF_FOR_EVERYONE,
  ASSISTANT_TURNED_OFF,
  AssistantThreadQuery,
  EndVoiceSessionRequest,
  EndVoiceSessionResponse,
  ErrorEnvelope,
  INTERVIEW_COMPLETED_DOCUMENT,
  InitVoiceSessionRequest,
  InitVoiceSessionResponse,
  SPEECH_AUDIO_MAX_BYTES,
  SPEECH_AUDIO_REQUIRED,
  SPEECH_NOT_CONFIGURED,
  SpeechToTextResponse,
  TextToSpeechRequest,
  VoiceAnswerRequest,
  VoiceAnswerResponse,
  VoiceLogResponse,
  VoiceSessionParams,
} from "@precedent/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, badRequest } from "../../errors.ts";
import { mp3Seconds } from "./audio-duration.ts";
import type { AssistantService } from "./service.ts";
import { SPEECH_TO_TEXT_ACTION, TEXT_TO_SPEECH_ACTION, wholeSeconds } from "./usage.ts";

const noSession = ErrorEnvelope.describe(
  "No such voice interview of the caller's in this firm (another person's or firm's is never found), or no such firm",
);
const turnedOff = ErrorEnvelope.describe(
  `The operator switched the assistant off for every firm ("${ASSISTANT_OFF_FOR_EVERYONE}"), or the firm's owner or a manager turned it off for the firm ("${ASSISTANT_TURNED_OFF}")`,
);
const noSpeech = ErrorEnvelope.describe(
  `No speech provider is configured (the default; the browser's own speech is used): "${SPEECH_NOT_CONFIGURED}"`,
);
const speechFailed = ErrorEnvelope.describe("The speech provider failed or did not answer in time");
const tooMany = ErrorEnvelope.describe(
  "More messages and answers a minute than the assistant takes from one person: `data.retry_after_seconds` says how long to wait",
);

/** The recording's bytes, refusing anything but one file part within the size limit. */
async function recordingOf(request: FastifyRequest) {
  let part: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    part = await request.file();
  } catch {
    throw badRequest(SPEECH_AUDIO_REQUIRED, [{ field: "file", message: SPEECH_AUDIO_REQUIRED }]);
  }
  if (!part) throw badRequest(SPEECH_AUDIO_REQUIRED, [{ field: "file", message: SPEECH_AUDIO_REQUIRED }]);
  try {
    const bytes = await part.toBuffer();
    if (bytes.byteLength === 0) throw badRequest(SPEECH_AUDIO_REQUIRED);
    return { bytes, fileName: "recording.mp3" };
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw badRequest("The recording is too long. Please answer in a shorter recording.");
    }
    throw error;
  }
}

export const voiceRoutes: FastifyPluginAsyncZod<{ assistant: AssistantService }> = async (
  app,
  { assistant },
) => {
  const { sessions: voice, gate, speech: speechNow, countSpeech } = assistant.voice;
  const tags = ["assistant"];
  // Scoped to this plugin: only speech to text takes multipart, one file part.
  await app.register(fastifyMultipart, {
    limits: { files: 1, fileSize: SPEECH_AUDIO_MAX_BYTES, fields: 2, fieldSize: 1024, parts: 3 },
  });

  app.post(
    "/ai/init-session",
    {
      schema: {
        tags,
        summary: "Starts a voice interview of a document and answers its first question",
        querystring: AssistantThreadQuery,
        body: InitVoiceSessionRequest,
        response: {
          200: InitVoiceSessionResponse,
          400: ErrorEnvelope.describe(
            "The template is not the document's, or `data` is not interview answers",
          ),
          403: turnedOff,
          404: ErrorEnvelope.describe(
            "No such firm of the caller's, or no such document they may interview ('Invalid document.')",
          ),
          409: ErrorEnvelope.describe(`'${INTERVIEW_COMPLETED_DOCUMENT}'`),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await voice.init(ctx, request.body) };
    },
  );

  app.post(
    "/ai/sessions/:session_id/answer",
    {
      schema: {
        tags,
        summary:
          "Answers the voice interview's current question: converted and checked by the engine, then kept (valid, with the next question) or refused with a suggestion to say before asking again",
        params: VoiceSessionParams,
        querystring: AssistantThreadQuery,
        body: VoiceAnswerRequest,
        response: {
          200: VoiceAnswerResponse,
          403: turnedOff,
          404: noSession,
          409: ErrorEnvelope.describe(
            `The session has ended, another answer is being checked, or '${INTERVIEW_COMPLETED_DOCUMENT}'`,
          ),
          429: tooMany,
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await voice.answer(ctx, request.params.session_id, request.body) };
    },
  );

  app.get(
    "/ai/get-log/:session_id",
    {
      schema: {
        tags,
        summary: "The voice interview's questions and answers so far, oldest first ({ask, answer})",
        params: VoiceSessionParams,
        querystring: AssistantThreadQuery,
        response: { 200: VoiceLogResponse, 403: turnedOff, 404: noSession },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await voice.log(ctx, request.params.session_id) };
    },
  );

  app.post(
    "/ai/end-session",
    {
      schema: {
        tags,
        summary:
          "Ends a voice interview; with the interview page's action token its answers are saved through the interview's ordinary save first",
        querystring: AssistantThreadQuery,
        body: EndVoiceSessionRequest,
        response: {
          200: EndVoiceSessionResponse,
          400: ErrorEnvelope.describe("The interview's save refused an answer (named in `data.errors`)"),
          403: turnedOff,
          404: noSession,
          409: ErrorEnvelope.describe(
            `The action token is not the current one (the interview is open in another tab), or '${INTERVIEW_COMPLETED_DOCUMENT}'`,
          ),
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      return { message: "", data: await voice.end(ctx, request.body) };
    },
  );

  app.post(
    "/ai/speech-to-text",
    {
      schema: {
        tags,
        summary: "The text of a spoken answer: the recording (mp3) in the multipart part `file`",
        consumes: ["multipart/form-data"],
        querystring: AssistantThreadQuery,
        response: {
          200: SpeechToTextResponse,
          400: ErrorEnvelope.describe(`'${SPEECH_AUDIO_REQUIRED}', or the recording is too long`),
          403: turnedOff,
          404: ErrorEnvelope.describe("No such firm of the caller's"),
          409: noSpeech,
          429: tooMany,
          502: speechFailed,
        },
      },
    },
    async (request) => {
      const ctx = await request.firm();
      await gate.requireOn(ctx);
      const speech = await speechNow();
      if (!speech) throw new AppError(409, SPEECH_NOT_CONFIGURED);
      await gate.takeMessage(ctx);
      const recording = await recordingOf(request);
      const text = await speech.transcribe(recording.bytes, recording.fileName);
      await countSpeech(ctx, SPEECH_TO_TEXT_ACTION, speech.name, wholeSeconds(mp3Seconds(recording.bytes)));
      return { message: "", data: { text } };
    },
  );

  app.post(
    "/ai/text-to-speech",
    {
      schema: {
        tags,
        summary: "The text read aloud (audio/mpeg)",
        description: `Errors, in the JSON envelope as elsewhere: 400 no text, too long a text, or a voice or speed out of range; 403 the assistant is off for every firm or for the firm; 404 no such firm of the caller's; 409 no speech provider is configured ('${SPEECH_NOT_CONFIGURED}'; the browser's own speech is used); 429 too many calls a minute; 502 the provider failed.`,
        querystring: AssistantThreadQuery,
        body: TextToSpeechRequest,
        produces: ["audio/mpeg"],
      },
    },
    async (request, reply) => {
      const ctx = await request.firm();
      await gate.requireOn(ctx);
      const speech = await speechNow();
      if (!speech) throw new AppError(409, SPEECH_NOT_CONFIGURED);
      await gate.takeMessage(ctx);
      const audio = await speech.speak(request.body);
      await countSpeech(ctx, TEXT_TO_SPEECH_ACTION, speech.name, wholeSeconds(mp3Seconds(audio)));
      return reply
        .header("content-type", "audio/mpeg")
        .header("cache-control", "private, no-store")
        .send(Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength));
    },
  );
};
