import { MessageOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { chatBoxSessionOf } from "./chat-model";
import "./assistant-launcher.css";

// The panel's code (its chat, its calls and their schemas) loads when it is first opened.
const AssistantPanel = lazy(async () => ({ default: (await import("./AssistantPanel")).AssistantPanel }));

/**
 * The assistant's button at the bottom right of every account page, and the chat panel it opens.
 * The panel stays open as the pages change under it (it lives in the account shell), so a
 * conversation that starts a document carries on on its interview page.
 */
export function AssistantLauncher() {
  const { search } = useLocation();
  // The person came from the chat (the page's chatBoxSession): the panel opens by itself.
  const fromChat = chatBoxSessionOf(search);
  const [open, setOpen] = useState(fromChat !== undefined);
  useEffect(() => {
    if (fromChat !== undefined) setOpen(true);
  }, [fromChat]);
  const launcher = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  return (
    <>
      <Button
        ref={launcher}
        type="primary"
        shape="round"
        size="large"
        icon={<MessageOutlined aria-hidden />}
        className="assistant-launcher"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span className="assistant-launcher__label">Assistant</span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AssistantPanel id={panelId} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
