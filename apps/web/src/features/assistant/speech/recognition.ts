/**
 * Speech recognition in the browser (Web Speech API), as the spec sets it (interview spec §4):
 * English (US), continuous, up to 3 alternatives, and an answer is complete after 2 s of silence.
 * Written for any spoken exchange (the voice interview now, a voice chat later): it knows nothing
 * of questions, only of turning one stretch of speech into one text.
 */

/** The parts of the Web Speech API's recognition used here (browsers ship no types for it). */
type RecognitionAlternative = { transcript: string; confidence: number };
type RecognitionResult = { isFinal: boolean; length: number; [index: number]: RecognitionAlternative };
type RecognitionEvent = {
  resultIndex: number;
  results: { length: number; [index: number]: RecognitionResult };
};
type BrowserRecognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
};
type RecognitionConstructor = new () => BrowserRecognition;

export const RECOGNITION_LANGUAGE = "en-US";
export const RECOGNITION_ALTERNATIVES = 3;
/** Silence after speech that ends an answer. */
export const ANSWER_SILENCE_MS = 2000;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = globalThis as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

export const canRecognise = () => recognitionConstructor() !== undefined;

export type Listener = {
  /**
   * Starts listening; the answer arrives through `onAnswer` after the silence, or at `finish`.
   * `held`: press and hold, so only the release (`finish`) ends the answer, however long the pauses.
   */
  start(options?: { held?: boolean }): void;
  /** Stops listening now and hands over what was heard (press-and-hold released). */
  finish(): void;
  /** Stops listening and drops what was heard. */
  cancel(): void;
};

export type ListenerEvents = {
  /** One complete answer: the best alternative of each final result, joined. */
  onAnswer(text: string): void;
  /** What is heard so far, for captions. */
  onHearing?(text: string): void;
  /** Listening stopped (an answer, a cancel, an error or the browser ending it). */
  onStop?(): void;
  /**
   * The browser refused (no microphone permission, no speech heard); said in plain words, with the
   * browser's own error code for callers with rules of their own (the voice chat's).
   */
  onError?(message: string, code: string): void;
};

export const MICROPHONE_BLOCKED =
  "The microphone is blocked. Please allow it for this site, or type your answer.";

const errorText: Record<string, string> = {
  "not-allowed": MICROPHONE_BLOCKED,
  "service-not-allowed": "Speech recognition is not allowed in this browser. Please type your answer.",
  "audio-capture": "No microphone was found. Please type your answer.",
  network: "Speech recognition needs a connection just now. Please type your answer.",
  "no-speech": "No speech was heard. Please try again, or type your answer.",
};

/** A listener, or undefined where the browser has no speech recognition (offer typing instead). */
export function createListener(events: ListenerEvents, silenceMs = ANSWER_SILENCE_MS): Listener | undefined {
  const Recognition = recognitionConstructor();
  if (!Recognition) return undefined;
  let recognition: BrowserRecognition | undefined;
  let heard: string[] = [];
  let interim = "";
  let silence: ReturnType<typeof setTimeout> | undefined;

  const clearSilence = () => {
    if (silence !== undefined) clearTimeout(silence);
    silence = undefined;
  };

  /** Ends this stretch of listening, handing over what was heard unless dropped. */
  const close = (deliver: boolean) => {
    clearSilence();
    const current = recognition;
    recognition = undefined;
    const text = [...heard, interim].join(" ").replace(/\s+/g, " ").trim();
    heard = [];
    interim = "";
    if (current) {
      current.onresult = null;
      current.onend = null;
      current.onerror = null;
      deliver ? current.stop() : current.abort();
    }
    events.onStop?.();
    if (deliver && text) events.onAnswer(text);
  };

  return {
    start(options = {}) {
      if (recognition) return;
      const held = options.held === true;
      const started = new Recognition();
      started.lang = RECOGNITION_LANGUAGE;
      started.continuous = true;
      started.interimResults = true;
      started.maxAlternatives = RECOGNITION_ALTERNATIVES;
      started.onresult = (event) => {
        interim = "";
        for (let i = event.resultIndex; i < event.results.length; i++) {
          const result = event.results[i];
          const best = result?.[0]?.transcript.trim();
          if (!result || !best) continue;
          if (result.isFinal) heard.push(best);
          else interim = best;
        }
        events.onHearing?.([...heard, interim].join(" ").trim());
        // Every result restarts the silence: the answer is complete when the person stops speaking.
        clearSilence();
        if (!held) silence = setTimeout(() => close(true), silenceMs);
      };
      started.onerror = (event) => {
        const message = errorText[event.error];
        close(false);
        if (message) events.onError?.(message, event.error);
      };
      started.onend = () => close(true);
      recognition = started;
      started.start();
    },
    finish: () => close(true),
    cancel: () => close(false),
  };
}
