export type VoiceTurn = { role: "user" | "assistant"; text: string };

/** The voice chat's conversation, read out by screen readers as it grows; shown or hidden. */
export function VoiceChatConversation({
  id,
  hidden,
  turns,
}: {
  id: string;
  hidden: boolean;
  turns: VoiceTurn[];
}) {
  return (
    <div
      id={id}
      hidden={hidden}
      role="log"
      aria-live="polite"
      aria-label="Voice conversation"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable so keyboard users can scroll it
      tabIndex={0}
      className="voice-chat__conversation"
    >
      {turns.map((turn, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the conversation only grows at its end
        <div key={index} className={`assistant-message assistant-message--${turn.role}`}>
          <span className="visually-hidden">{turn.role === "user" ? "You: " : "Assistant: "}</span>
          {turn.text}
        </div>
      ))}
    </div>
  );
}
