/** A video file plays in the page; anything else (a poster, a hosted player's page) does not. */
export const isVideoFile = (url: string) => /\.(mp4|webm|ogg)(\?|$)/i.test(url);

/**
 * The captions ship beside a video under the same name (lite-plan-intro.webm → .vtt): the product's
 * own videos all have them, and a firm or an editor that sets another video supplies its `.vtt`
 * beside it. A video without one still plays; its missing track is ignored by the browser.
 */
export const captionsUrlOf = (videoUrl: string) => videoUrl.replace(/\.(mp4|webm|ogg)(?=\?|$)/i, ".vtt");

/** A video file with its English captions, never playing by itself. */
export function CaptionedVideo({
  src,
  className,
  label,
}: {
  src: string;
  className: string;
  label?: string;
}) {
  return (
    <video className={className} src={src} controls preload="metadata" aria-label={label}>
      <track kind="captions" src={captionsUrlOf(src)} srcLang="en" label="English" default />
    </video>
  );
}
