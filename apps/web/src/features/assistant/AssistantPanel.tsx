import { AudioOutlined, CloseOutlined, SendOutlined } from "@ant-design/icons";
import type { AssistantMode } from "@precedent/contracts";
import { Alert, Button, Input, Segmented, Spin, Typography } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import {
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import { useMediaQuery } from "../../components/use-media-query";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import {
  chatBoxSessionOf,
  interviewDocumentOf,
  linkParts,
  PANEL_SHEET_MEDIA,
  panelLayout,
  shownConversation,
} from "./chat-model";
import { useAssistantChat } from "./use-assistant-chat";
import "./assistant.css";

// The voice chat and its speech layer load only when it is opened.
const VoiceChatModal = lazy(() => import("./VoiceChatModal"));

export const ASSISTANT_TYPING = "Assistant is typing…";
export const ASSISTANT_STARTING = "Starting the conversation…";
export const ASSISTANT_LOAD_FAILED = "The assistant could not be reached.";
export const MODE_LABEL = "Chat mode";
const MODE_OPTIONS: { label: string; value: AssistantMode }[] = [
  { label: "Assistant", value: "assistant" },
  { label: "Courses & offers", value: "sales" },
];

/** A message's text, its web addresses as links that open in a new tab (where a person buys). */
function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, index) =>
        part.kind === "link" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.href}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

type Props = {
  /** The panel's element id, which the launcher's aria-controls names. */
  id: string;
  onClose: () => void;
};

/**
 * The assistant's chat (documents spec §1, §4 "Assistant chat"; issue 32 item 3): a floating
 * panel beside the page, 350 × 500 beside an interview, a sheet over the whole screen on a phone.
 * It is not modal: the page stays usable, and the interview the assistant fills stays in view.
 */
export function AssistantPanel({ id, onClose }: Props) {
  const { user, team } = useCurrentTeam();
  const { pathname, search } = useLocation();
  const pageDocId = interviewDocumentOf(pathname, search);
  const phone = useMediaQuery(PANEL_SHEET_MEDIA, false);
  const layout = panelLayout(phone, pageDocId !== undefined);
  const titleId = useId();
  const chat = useAssistantChat({
    teamId: team?.id ?? 0,
    userId: user.id,
    pageDocId,
    chatBoxSession: chatBoxSessionOf(search),
  });
  const [draft, setDraft] = useState("");
  const [voiceChat, setVoiceChat] = useState(false);
  const voiceButton = useRef<HTMLButtonElement>(null);
  const voiceChatWasOpen = useRef(false);
  // Focus goes back to the Voice chat button once the modal has gone (not before: leaving, the
  // modal would take it along).
  useEffect(() => {
    if (voiceChat) voiceChatWasOpen.current = true;
    else if (voiceChatWasOpen.current) {
      voiceChatWasOpen.current = false;
      const focus = setTimeout(() => voiceButton.current?.focus(), 0);
      return () => clearTimeout(focus);
    }
  }, [voiceChat]);
  const input = useRef<TextAreaRef>(null);
  const log = useRef<HTMLDivElement>(null);

  // Focus moves into the panel as it opens, to the box where one types.
  useEffect(() => {
    input.current?.focus();
  }, []);

  const messages = chat.conversation.data ? shownConversation(chat.conversation.data.messages) : [];
  const suggestions = chat.sending ? [] : (chat.conversation.data?.suggestions ?? []);
  const ready = chat.conversation.isSuccess && !chat.switching;
  const mode = chat.conversation.data?.mode ?? "assistant";

  // The newest message in view as it arrives.
  const count = messages.length;
  useEffect(() => {
    const element = log.current;
    if (element && count > 0) element.scrollTop = element.scrollHeight;
  }, [count]);

  const send = async (text: string, isPrompt: boolean) => {
    if (!ready || chat.sending || !text.trim()) return;
    // Cleared at once, as a chat does; put back if the message could not be sent.
    setDraft("");
    const sent = await chat.sendMessage(text, isPrompt);
    if (!sent && !isPrompt) setDraft((current) => current || text);
    input.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(draft, false);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; a key that only finishes an IME composition does neither.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send(draft, false);
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.stopPropagation();
    onClose();
  };

  const style = layout.kind === "floating" ? { width: layout.width, height: layout.height } : undefined;

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className={`assistant-panel assistant-panel--${layout.kind}`}
      style={style}
      onKeyDown={onPanelKeyDown}
    >
      <header className="assistant-panel__header">
        <Typography.Title level={2} id={titleId} className="assistant-panel__title">
          Assistant
        </Typography.Title>
        <Button
          ref={voiceButton}
          type="text"
          icon={<AudioOutlined aria-hidden />}
          aria-label="Voice chat"
          onClick={() => setVoiceChat(true)}
        />
        <Button
          type="text"
          icon={<CloseOutlined aria-hidden />}
          aria-label="Close the assistant"
          onClick={onClose}
        />
      </header>
      {voiceChat && (
        // The modal's own Escape ends it; it must not also close the panel (React events bubble
        // through the portal to the panel's handler).
        // biome-ignore lint/a11y/noStaticElementInteractions: only stops keys leaving the modal
        <div onKeyDown={(event) => event.stopPropagation()}>
          <Suspense fallback={null}>
            <VoiceChatModal
              teamId={team?.id ?? 0}
              pageDocId={pageDocId}
              templateIdentifier={new URLSearchParams(search).get("templateIdentifier") ?? undefined}
              chat={chat}
              onClose={() => setVoiceChat(false)}
            />
          </Suspense>
        </div>
      )}
      {/* The sales mode answers about the courses and offers on sale; the assistant, documents. */}
      <Segmented<AssistantMode>
        block
        size="small"
        aria-label={MODE_LABEL}
        className="assistant-panel__modes"
        options={MODE_OPTIONS}
        value={mode}
        disabled={!chat.conversation.isSuccess || chat.switching || chat.sending}
        onChange={(next) => chat.switchMode(next)}
      />

      {/* Replies are read out as they arrive; the person's own messages are in it too, as sent. */}
      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-label="Conversation with the assistant"
        // Scrollable, so it must be reachable by keyboard to scroll.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable so keyboard users can scroll it
        tabIndex={0}
        className="assistant-panel__log"
      >
        {messages.map((message, index) => (
          <div
            // The history only grows at its end, so a message's place is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className={`assistant-message assistant-message--${message.role}`}
          >
            <span className="visually-hidden">{message.role === "user" ? "You: " : "Assistant: "}</span>
            {message.role === "assistant" ? <MessageText text={message.text} /> : message.text}
          </div>
        ))}
      </div>

      <div className="assistant-panel__status" role="status">
        {chat.conversation.isPending && (
          <span className="assistant-panel__typing">
            <Spin size="small" /> {ASSISTANT_STARTING}
          </span>
        )}
        {(chat.sending || chat.switching) && (
          <span className="assistant-panel__typing">{ASSISTANT_TYPING}</span>
        )}
      </div>

      {chat.conversation.isError && (
        <Alert
          type="error"
          showIcon
          className="assistant-panel__alert"
          message={ASSISTANT_LOAD_FAILED}
          description={chat.conversation.error.message}
          action={
            <Button size="small" onClick={() => void chat.conversation.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {chat.error && (
        <Alert
          type="error"
          showIcon
          closable
          role="alert"
          className="assistant-panel__alert"
          message={chat.error}
          onClose={chat.dismissError}
        />
      )}

      {suggestions.length > 0 && (
        <fieldset className="assistant-panel__suggestions">
          <legend className="visually-hidden">Suggested replies</legend>
          {suggestions.map((suggestion) => (
            <Button key={suggestion} size="small" shape="round" onClick={() => void send(suggestion, true)}>
              {suggestion}
            </Button>
          ))}
        </fieldset>
      )}

      <form className="assistant-panel__composer" onSubmit={submit}>
        <Input.TextArea
          ref={input}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onInputKeyDown}
          aria-label="Message to the assistant"
          placeholder="Type a message"
          autoSize={{ minRows: 1, maxRows: 4 }}
        />
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined aria-hidden />}
          aria-label="Send"
          disabled={!ready || chat.sending || !draft.trim()}
        />
      </form>
    </section>
  );
}
