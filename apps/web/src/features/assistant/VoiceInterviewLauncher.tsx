import { AudioOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button } from "antd";
import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { assistantSettingsQuery } from "../../api/assistant";
import { withRequestedActionsParam } from "../documents/interview-address";
import type { VoiceInterviewProps } from "./VoiceInterviewModal";

// The modal and its speech layer load only when a voice interview opens (first-load size budget).
const VoiceInterviewModal = lazy(() => import("./VoiceInterviewModal"));

/** The interview page's query parameter that opens the voice interview (interview spec §1). */
export const INTERVIEW_AI_PARAM = "interviewAI";

/** The interview page's comma list of the actions it offers (interview spec §2 Routes). */
const ACTIONS_PARAM = "actions";

/** The page's address without interviewAI, as Back and finishing leave it. */
function withoutInterviewAi(params: URLSearchParams) {
  const next = new URLSearchParams(params);
  next.delete(INTERVIEW_AI_PARAM);
  return next;
}

/**
 * The interview page's "Voice interview" button, which adds interviewAI=true to the address, and
 * the voice interview itself while the address has it. Shown only when the firm has the assistant
 * on (the server refuses the calls otherwise).
 */
export function VoiceInterviewLauncher(props: Omit<VoiceInterviewProps, "onBack" | "onFinished">) {
  const [params, setParams] = useSearchParams();
  const settings = useQuery(assistantSettingsQuery(props.teamId));
  if (!settings.data?.enabled || !settings.data.available) return null;
  const open = params.get(INTERVIEW_AI_PARAM) === "true";
  return (
    <>
      <Button
        icon={<AudioOutlined />}
        onClick={() =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            next.set(INTERVIEW_AI_PARAM, "true");
            return next;
          })
        }
      >
        Voice interview
      </Button>
      {open && (
        <Suspense fallback={null}>
          <VoiceInterviewModal
            {...props}
            onBack={() => setParams((current) => withoutInterviewAi(current))}
            onFinished={(actions) => {
              // A reload, so the page reads the answers just saved (and takes a fresh action token),
              // with the actions an is_qaction question answered Yes asked for (spec §4 step 4).
              const address = new URL(window.location.href);
              const next = withoutInterviewAi(address.searchParams);
              const listed = withRequestedActionsParam(next.get(ACTIONS_PARAM), actions);
              if (listed !== null) next.set(ACTIONS_PARAM, listed);
              address.search = next.toString();
              window.location.replace(address.toString());
            }}
          />
        </Suspense>
      )}
    </>
  );
}
