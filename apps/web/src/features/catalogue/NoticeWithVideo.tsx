import { Typography } from "antd";
import { CaptionedVideo } from "../../components/CaptionedVideo";

/**
 * A pre-start notice's text and its video (documents spec §4: "Registration documents show an
 * important notice with an optional video"). The captions ship beside the video under the same
 * name, as the Lite intro's do; the video never plays by itself.
 */
export function NoticeWithVideo({ text, video }: { text: string; video: string }) {
  return (
    <>
      <Typography.Paragraph>{text}</Typography.Paragraph>
      <CaptionedVideo className="lite-video__media" src={video} label="How a registration works" />
    </>
  );
}
