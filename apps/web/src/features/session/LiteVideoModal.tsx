import { useMutation, useQuery } from "@tanstack/react-query";
import { App, Button, Modal, Typography } from "antd";
import { useState } from "react";
import { hideLiteVideo, liteVideoQuery } from "../../api/bootstrap";
import { CaptionedVideo, isVideoFile } from "../../components/CaptionedVideo";
import { SHOW_VIDEO_LITE_STORAGE_KEY } from "../../constants";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { readStored, writeStored } from "./browser-storage";

/**
 * The Lite plan's intro video (account-area §2 Session modals): shown to Lite-plan users unless
 * this browser's showVideoLite flag is false or they chose 'Do not display again' (kept on the
 * server, so it holds on every browser). Closing sets the flag false.
 */
export function LiteVideoModal() {
  const { user, team } = useCurrentTeam();
  const { message } = App.useApp();
  const [closed, setClosed] = useState(() => readStored(SHOW_VIDEO_LITE_STORAGE_KEY) === "false");
  const video = useQuery({ ...liteVideoQuery(team?.id ?? 0), enabled: team !== undefined && !closed });
  const doNotDisplay = useMutation({
    mutationFn: () => hideLiteVideo(user.id),
    onError: (error) => message.error(error.message),
  });

  const url = video.data?.video_url;
  if (closed || !video.data?.show_video || !url) return null;

  const close = () => {
    writeStored(SHOW_VIDEO_LITE_STORAGE_KEY, "false");
    setClosed(true);
  };

  return (
    <Modal
      open
      centered
      width={720}
      title="Welcome to Precedent Lite"
      onCancel={close}
      footer={[
        <Button
          key="hide"
          loading={doNotDisplay.isPending}
          onClick={() => doNotDisplay.mutate(undefined, { onSuccess: close })}
        >
          Do not display again
        </Button>,
        <Button key="close" type="primary" onClick={close}>
          Close
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        A short tour of the Lite plan: finding a template, answering its interview and downloading your
        document.
      </Typography.Paragraph>
      {isVideoFile(url) ? (
        <CaptionedVideo className="lite-video__media" src={url} />
      ) : (
        <img
          className="lite-video__media"
          src={url}
          alt="The Precedent Lite tour: templates, interview, download"
        />
      )}
    </Modal>
  );
}
