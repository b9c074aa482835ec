/**
 * Speech output in the browser (Web Speech API), as the spec sets it (interview spec §4): rate 0.9,
 * the voice 'Gordon' when the browser has it, and 500 ms between queued utterances. Written for
 * any spoken exchange: `say` queues, `cancel` empties the queue and stops the current utterance.
 */

export const SPEECH_RATE = 0.9;
export const PREFERRED_VOICE = "Gordon";
export const UTTERANCE_GAP_MS = 500;

export const canSpeak = () =>
  typeof globalThis.speechSynthesis !== "undefined" &&
  typeof globalThis.SpeechSynthesisUtterance !== "undefined";

/** The preferred voice if present, else an English one, else the browser's default (undefined). */
export function chooseVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | undefined {
  return (
    voices.find((v) => v.name.includes(PREFERRED_VOICE)) ??
    voices.find((v) => v.lang === "en-AU") ??
    voices.find((v) => v.lang.startsWith("en"))
  );
}

export type Speaker = {
  /** Queues the text; resolves when it has been spoken (or dropped by `cancel`). */
  say(text: string): Promise<void>;
  cancel(): void;
};

type Queued = { text: string; done: () => void };

/** A speaker, or undefined where the browser has no speech output (the text is shown instead). */
export function createSpeaker(gapMs = UTTERANCE_GAP_MS): Speaker | undefined {
  if (!canSpeak()) return undefined;
  const synth = globalThis.speechSynthesis;
  const queue: Queued[] = [];
  let speaking: Queued | undefined;
  let gap: ReturnType<typeof setTimeout> | undefined;

  const speakNext = () => {
    gap = undefined;
    const next = queue.shift();
    if (!next) return;
    speaking = next;
    const utterance = new SpeechSynthesisUtterance(next.text);
    utterance.rate = SPEECH_RATE;
    utterance.lang = "en-US";
    const voice = chooseVoice(synth.getVoices());
    if (voice) utterance.voice = voice;
    const finished = () => {
      if (speaking !== next) return;
      speaking = undefined;
      next.done();
      // Queued utterances are spaced, so one question does not run into the next.
      if (queue.length > 0) gap = setTimeout(speakNext, gapMs);
    };
    utterance.onend = finished;
    utterance.onerror = finished;
    synth.speak(utterance);
  };

  return {
    say(text) {
      return new Promise<void>((resolve) => {
        queue.push({ text, done: resolve });
        if (!speaking && gap === undefined) speakNext();
      });
    },
    cancel() {
      if (gap !== undefined) clearTimeout(gap);
      gap = undefined;
      const dropped = [...queue.splice(0), ...(speaking ? [speaking] : [])];
      speaking = undefined;
      synth.cancel();
      for (const item of dropped) item.done();
    },
  };
}
