import type { Page } from "@playwright/test";

/**
 * The browser's speech replaced by a scripted fake, for the voice interview and the voice chat:
 * recognition hears the next scripted answer when it starts (or fails with a scripted browser
 * error, "!network"), synthesis records each utterance and ends it at once.
 */

export type Spoken = { text: string; rate: number; voice: string | null };
export type Heard = { lang: string; continuous: boolean; maxAlternatives: number };

/** The fake Web Speech API, installed before any page script runs. */
export function installFakeSpeech() {
  const state = { spoken: [] as Spoken[], recognitions: [] as Heard[], script: [] as string[] };
  (window as unknown as { __speech: typeof state }).__speech = state;
  class FakeUtterance {
    text: string;
    rate = 1;
    lang = "";
    voice: { name: string } | null = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(text: string) {
      this.text = text;
    }
  }
  const voices = [
    { name: "Samantha", lang: "en-US" },
    { name: "Gordon", lang: "en-AU" },
  ];
  Object.defineProperty(window, "SpeechSynthesisUtterance", { value: FakeUtterance, configurable: true });
  Object.defineProperty(window, "speechSynthesis", {
    configurable: true,
    value: {
      getVoices: () => voices,
      speak(utterance: FakeUtterance) {
        state.spoken.push({
          text: utterance.text,
          rate: utterance.rate,
          voice: utterance.voice?.name ?? null,
        });
        setTimeout(() => utterance.onend?.(), 20);
      },
      cancel() {},
      addEventListener() {},
      removeEventListener() {},
    },
  });
  class FakeRecognition {
    lang = "";
    continuous = false;
    interimResults = false;
    maxAlternatives = 1;
    onresult: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      state.recognitions.push({
        lang: this.lang,
        continuous: this.continuous,
        maxAlternatives: this.maxAlternatives,
      });
      const next = state.script.shift();
      if (next === undefined) return;
      // "!code" scripts the browser's own error (not-allowed, audio-capture, network, no-speech).
      if (next.startsWith("!")) {
        setTimeout(() => {
          this.onerror?.({ error: next.slice(1) });
          this.onend?.();
        }, 50);
        return;
      }
      // The words arrive as a final result with three alternatives, best first.
      const result = Object.assign(
        [
          { transcript: next, confidence: 0.9 },
          { transcript: `${next}?`, confidence: 0.4 },
          { transcript: "uh", confidence: 0.1 },
        ],
        { isFinal: true },
      );
      setTimeout(() => this.onresult?.({ resultIndex: 0, results: [result] }), 50);
    }
    stop() {
      setTimeout(() => this.onend?.(), 0);
    }
    abort() {}
  }
  Object.defineProperty(window, "SpeechRecognition", { value: FakeRecognition, configurable: true });
  Object.defineProperty(window, "webkitSpeechRecognition", { value: FakeRecognition, configurable: true });
}

export const speech = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __speech: { spoken: Spoken[]; recognitions: Heard[] } }).__speech,
  );
export const script = (page: Page, text: string) =>
  page.evaluate(
    (words) => (window as unknown as { __speech: { script: string[] } }).__speech.script.push(words),
    text,
  );
export const lastSpoken = async (page: Page) => (await speech(page)).spoken.at(-1)?.text ?? "";
