import { z } from "zod";
import { AssistantQuestion, AudioSeconds } from "./assistant.ts";
import { envelope } from "./envelope.ts";
import { idParam } from "./folders.ts";

/**
 * The voice interview (interview spec §3 "AI voice interview", §4 "AI interview (voice)", §7 "AI
 * backend"; issue 32 item 4). A session belongs to one person in one firm and one document; it
 * asks the document's visible questions one at a time, checks each answer with the engine's own
 * checks, and at the end saves the answers through the interview's ordinary save. Every call names
 * the firm with `?id_team=`; a session of another person or firm is answered 404.
 */

export const VOICE_SESSION_NOT_FOUND = "No such voice interview.";
export const VOICE_SESSION_ENDED = "This voice interview has ended. Please start it again.";
export const VOICE_TEMPLATE_MISMATCH = "This document is not of that template.";
export const VOICE_ANSWER_REQUIRED = "Please give an answer.";
export const VOICE_ANSWER_NEEDED = "This question needs an answer: it cannot be skipped.";
export const VOICE_ANSWER_MAX_LENGTH = 2000;
export const VOICE_ANSWER_TOO_LONG = `An answer must be ${VOICE_ANSWER_MAX_LENGTH} characters or fewer.`;
/** Speech through the server needs a speech provider; without one the browser's own speech is used. */
export const SPEECH_NOT_CONFIGURED =
  "Speech is not set up on this server: your browser's own speech is used instead, or type your answer.";
export const SPEECH_AUDIO_REQUIRED = "Please send the recording as an mp3 file in the part `file`.";
export const SPEECH_TEXT_MAX_LENGTH = 4096;
export const SPEECH_FAILED = "Speech could not be processed just now. Please type your answer or try again.";
/** The most audio the speech-to-text call takes (about 10 minutes of speech at 128 kbit/s). */
export const SPEECH_AUDIO_MAX_BYTES = 10 * 1024 * 1024;

/** The question the voice interview asks now, and where it stands. */
export const VoiceStep = z.object({
  /** The question asked now; null when every question has been asked (done). */
  question: AssistantQuestion.nullable(),
  /** The instruction shown under the question, if any. */
  instruction: z.string().nullable(),
  /** 1-based number of the question asked now (asked so far + 1). */
  step: z.number().int(),
  /** Questions asked so far plus those still to ask as the answers stand (conditions may add more). */
  steps: z.number().int(),
  done: z.boolean(),
});
export type VoiceStep = z.infer<typeof VoiceStep>;

/** POST /api/ai/init-session */
export const InitVoiceSessionRequest = z.object({
  template_id: z
    .string({ error: "template_id must be the document's template identifier" })
    .min(1, VOICE_TEMPLATE_MISMATCH)
    .max(200, VOICE_TEMPLATE_MISMATCH)
    .optional()
    .describe(
      "The interview page's templateIdentifier: when given, it must be the document's template (a page opened with another is refused)",
    ),
  doc_id: idParam("doc_id"),
  /**
   * The interview page's answers not yet saved: they start the session instead of the saved ones.
   * They are checked by the interview's save when the session finishes, like any answers.
   */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type InitVoiceSessionRequest = z.infer<typeof InitVoiceSessionRequest>;

export const InitVoiceSessionResult = VoiceStep.extend({ session_id: z.string() });
export type InitVoiceSessionResult = z.infer<typeof InitVoiceSessionResult>;
export const InitVoiceSessionResponse = envelope(InitVoiceSessionResult);

export const VoiceSessionParams = z.object({
  /** Any other text is simply not found (404), like a session of another person. */
  session_id: z.string().min(1, VOICE_SESSION_NOT_FOUND).max(100, VOICE_SESSION_NOT_FOUND),
});
export type VoiceSessionParams = z.infer<typeof VoiceSessionParams>;

/** POST /api/ai/sessions/{session_id}/answer */
export const VoiceAnswerRequest = z.object({
  text: z
    .string({ error: VOICE_ANSWER_REQUIRED })
    .trim()
    .min(1, VOICE_ANSWER_REQUIRED)
    .max(VOICE_ANSWER_MAX_LENGTH, VOICE_ANSWER_TOO_LONG),
  audio_seconds: AudioSeconds.optional(),
});
export type VoiceAnswerRequest = z.infer<typeof VoiceAnswerRequest>;

export const VoiceAnswerResult = VoiceStep.extend({
  valid: z.boolean(),
  /** The answer as kept (DD/MM/YYYY dates, numbers, the option's text); null when invalid. */
  value: z.string().nullable(),
  /** When invalid: what to say before asking again (the choices, the engine's message). */
  suggestion: z.string().nullable(),
  /** Integration actions the answers asked for so far (is_qaction questions answered Yes). */
  actions: z.array(z.string()),
});
export type VoiceAnswerResult = z.infer<typeof VoiceAnswerResult>;
export const VoiceAnswerResponse = envelope(VoiceAnswerResult);

/** GET /api/ai/get-log/{session_id}: the questions asked and the answers kept, in order. */
export const VoiceLogEntry = z.object({ ask: z.string(), answer: z.string() });
export type VoiceLogEntry = z.infer<typeof VoiceLogEntry>;
export const VoiceLogResponse = envelope(z.array(VoiceLogEntry));

/** POST /api/ai/end-session */
export const EndVoiceSessionRequest = z.object({
  session_id: VoiceSessionParams.shape.session_id,
  /**
   * The interview page's action token: with it the answers given are saved through the
   * interview's ordinary save (change log, versions). Without it the session ends unsaved (Back).
   */
  action_token: z.string().min(1).max(200).optional(),
});
export type EndVoiceSessionRequest = z.infer<typeof EndVoiceSessionRequest>;

export const EndVoiceSessionResult = z.object({
  /** Whether answers were saved to the document. */
  saved: z.boolean(),
  /** Integration actions for the interview page's `actions` list. */
  actions: z.array(z.string()),
});
export type EndVoiceSessionResult = z.infer<typeof EndVoiceSessionResult>;
export const EndVoiceSessionResponse = envelope(EndVoiceSessionResult);

/** POST /api/ai/speech-to-text: the recording (mp3) in the multipart part `file`. */
export const SpeechToTextResponse = envelope(z.object({ text: z.string() }));

/** POST /api/ai/text-to-speech: answered with mp3 bytes. */
export const TextToSpeechRequest = z.object({
  text: z
    .string({ error: "Please give the text to read." })
    .trim()
    .min(1, "Please give the text to read.")
    .max(SPEECH_TEXT_MAX_LENGTH, `The text must be ${SPEECH_TEXT_MAX_LENGTH} characters or fewer.`),
  voice: z
    .string()
    .regex(/^[a-z]{1,20}$/, "voice must be a voice name such as alloy or ash")
    .default("ash"),
  speed: z
    .number({ error: "speed must be a number from 0.25 to 4" })
    .min(0.25, "speed must be a number from 0.25 to 4")
    .max(4, "speed must be a number from 0.25 to 4")
    .default(0.9),
});
export type TextToSpeechRequest = z.infer<typeof TextToSpeechRequest>;
