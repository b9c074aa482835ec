import { API } from "@precedent/contracts";
import { call } from "./call";

/** The voice interview's calls (issue 32 item 4): every call names the firm; a session is its person's own. */
const scope = (teamId: number) => ({ id_team: teamId });

/** Starts a voice interview of the document, from the page's answers as they stand. */
export const initVoiceSession = (
  teamId: number,
  input: { templateIdentifier: string | undefined; docId: number; answers?: Record<string, unknown> },
) =>
  call(API.assistantVoice.initSession, {
    query: scope(teamId),
    body: {
      doc_id: input.docId,
      // Without answers the session starts from the document's saved ones.
      ...(input.answers ? { data: input.answers } : {}),
      ...(input.templateIdentifier ? { template_id: input.templateIdentifier } : {}),
    },
  });

/** `audioSeconds`: the speech heard and spoken for a spoken answer, counted in the firm's usage. */
export const answerVoiceQuestion = (teamId: number, sessionId: string, text: string, audioSeconds?: number) =>
  call(API.assistantVoice.answer, {
    params: { session_id: sessionId },
    query: scope(teamId),
    body: { text, ...(audioSeconds ? { audio_seconds: audioSeconds } : {}) },
  });

export const getVoiceLog = (teamId: number, sessionId: string, signal?: AbortSignal) =>
  call(API.assistantVoice.log, { params: { session_id: sessionId }, query: scope(teamId), signal });

/** Ends the session; with the page's action token the answers are saved (finishing), without it not (Back). */
export const endVoiceSession = (teamId: number, sessionId: string, actionToken: string | undefined) =>
  call(API.assistantVoice.endSession, {
    query: scope(teamId),
    body: { session_id: sessionId, ...(actionToken ? { action_token: actionToken } : {}) },
  });
